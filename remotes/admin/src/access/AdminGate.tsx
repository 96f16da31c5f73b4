import { useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { navigate, toast } from '@app/ui';
import { type ReactNode, useEffect } from 'react';
import { AccessLoading } from './AccessLoading.tsx';
import { AccessNotice } from './AccessNotice.tsx';
import { SecondFactorNotice } from './SecondFactorNotice.tsx';
import { StepUpAnswer } from './StepUpAnswer.tsx';
import { useAdminAccess } from './useAdminAccess.ts';

/**
 * /admin: Loading while the user is unknown, the dashboard for administrators (or, without the second factor the rule
 * requires, a redirect to set one up), and for anyone else 'Access Denied' (page and toast) followed by a redirect home. The toast outlives the
 * redirect because the host owns the toast region.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const t = useT();
  const access = useAdminAccess();
  const denied = access.status === 'anonymous' || access.status === 'forbidden';

  useEffect(() => {
    if (!denied) return;
    toast({ title: t('admin.accessDenied'), description: t('admin.adminAccessRequired'), variant: 'error' });
    navigate('/', { replace: true });
  }, [denied, t]);

  if (access.status === 'loading') return <AccessLoading />;
  if (denied) return <AccessNotice testId="admin-access-denied" title={t('admin.accessDenied')} body={t('admin.adminAccessRequired')} />;
  return <SecondFactorGate>{children}</SecondFactorGate>;
}

/**
 * While the rule requires it, an admin without a second factor is sent to set one up (every admin call would answer
 * 403 `second_factor_required` anyway). The dashboard holds the step-up prompt for the calls that need a recent check.
 */
function SecondFactorGate({ children }: { children: ReactNode }) {
  const { data, error } = useQuery('/api/user/security');
  if (!data && !error) return <AccessLoading />;
  if (data?.secondFactorRequired) return <SecondFactorNotice />;
  return (
    <>
      {children}
      <StepUpAnswer />
    </>
  );
}
