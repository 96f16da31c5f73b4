import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import type { ReactNode } from 'react';
import { AccessLoading } from './AccessLoading.tsx';
import { AccessNotice } from './AccessNotice.tsx';
import { useAdminAccess } from './useAdminAccess.ts';

/**
 * /history: visitors are asked to log in, signed-in non-admins are told the page needs admin
 * access and offered the way home; both under the spec's 'Authentication Required' heading.
 */
export function HistoryGate({ children }: { children: ReactNode }) {
  const t = useT();
  const access = useAdminAccess();
  if (access.status === 'loading') return <AccessLoading />;
  if (access.status === 'anonymous') {
    return (
      <AccessNotice
        testId="history-auth-required"
        title={t('admin.authRequired')}
        body={t('admin.historyLoginBody')}
        actions={<LinkButton href="/login">{t('admin.logIn')}</LinkButton>}
      />
    );
  }
  if (access.status === 'forbidden') {
    return (
      <AccessNotice
        testId="history-auth-required"
        title={t('admin.authRequired')}
        body={t('admin.historyAdminBody')}
        actions={<LinkButton href="/">{t('common.goHome')}</LinkButton>}
      />
    );
  }
  return children;
}
