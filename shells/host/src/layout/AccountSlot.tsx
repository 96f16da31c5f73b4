import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../session/useCurrentUser.ts';
import { AccountMenuTrigger } from './AccountMenuTrigger.tsx';
import { CreditsBadge } from './CreditsBadge.tsx';

// React Aria's menu, popover and collections (~30 KB compressed) are fetched only for signed-in users.
const AccountMenu = lazy(() => import('./AccountMenu.tsx').then((module) => ({ default: module.AccountMenu })));

/** The header's account corner: Sign In for visitors; the credit balance and the account menu for users. */
export function AccountSlot() {
  const t = useT();
  const { user } = useCurrentUser();
  if (!user) {
    return (
      <LinkButton href="/login" size="sm" className="header-signin">
        {t('common.signIn')}
      </LinkButton>
    );
  }
  return (
    <div className="account-slot">
      <CreditsBadge credits={user.credits} />
      <Suspense fallback={<AccountMenuTrigger user={user} />}>
        <AccountMenu user={user} />
      </Suspense>
    </div>
  );
}
