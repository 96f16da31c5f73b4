import { useT, WithMessages } from '@app/i18n';
import { navigate, toast } from '@app/ui';
import { Suspense, useEffect } from 'react';
import { AccessNotice } from './AccessNotice.tsx';

/** An admin without a second factor while the rule requires one: told so, and sent to set it up under My Account. */
export function SecondFactorNotice() {
  return (
    <Suspense fallback={null}>
      <WithMessages domains={['security']}>
        <Notice />
      </WithMessages>
    </Suspense>
  );
}

function Notice() {
  const t = useT();
  useEffect(() => {
    toast({ title: t('security.adminSetUpTitle'), description: t('security.adminSetUpBody'), variant: 'error' });
    navigate('/my-account#second-factor', { replace: true });
  }, [t]);
  return <AccessNotice testId="admin-second-factor-required" title={t('security.adminSetUpTitle')} body={t('security.adminSetUpBody')} />;
}
