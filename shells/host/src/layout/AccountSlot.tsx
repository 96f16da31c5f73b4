import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useCurrentUser } from '../session/useCurrentUser.ts';
import { AccountMenuTrigger } from './AccountMenuTrigger.tsx';
import { CreditsBadge } from './CreditsBadge.tsx';

// React Aria's menu, popover and collections (~30 KB compressed) are fetched only for signed-in users.
const AccountMenu = lazy(() => import('./AccountMenu.tsx').then((module) => ({ default: module.AccountMenu })));

/** The header's account corner: Sign In for visitors; the credit balance and the account menu for users. */
export function AccountSlot() {
  const t = useT();
  const { user } = useCurrentUser();
  // A press on the stand-in button while the menu's code loads opens the menu once it is there.
  const [pressedEarly, setPressedEarly] = useState(false);
  const forgetEarlyPress = useCallback(() => setPressedEarly(false), []);
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
      <Suspense fallback={<AccountMenuTrigger user={user} onPress={() => setPressedEarly(true)} />}>
        <AccountMenu user={user} defaultOpen={pressedEarly} onMounted={forgetEarlyPress} />
      </Suspense>
    </div>
  );
}
