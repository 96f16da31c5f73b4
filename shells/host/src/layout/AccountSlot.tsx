import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useCurrentUser } from '../session/useCurrentUser.ts';
import { AccountMenuTrigger } from './AccountMenuTrigger.tsx';
import { CreditsBadge } from './CreditsBadge.tsx';

// React Aria's menu, popover and collections (~27 KB compressed) are fetched when a user first reaches for
// the menu (hover, focus or press), not with every signed-in page.
const loadAccountMenu = () => import('./AccountMenu.tsx');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

/** The header's account corner: Sign In for visitors; the credit balance and the account menu for users. */
export function AccountSlot() {
  const t = useT();
  const { user } = useCurrentUser();
  // A press on the stand-in button opens the menu once its code is there.
  const [pressedEarly, setPressedEarly] = useState(false);
  const [isWanted, setWanted] = useState(false);
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
      {isWanted ? (
        <Suspense fallback={<AccountMenuTrigger user={user} onPress={() => setPressedEarly(true)} />}>
          <AccountMenu user={user} defaultOpen={pressedEarly} onMounted={forgetEarlyPress} />
        </Suspense>
      ) : (
        <AccountMenuTrigger
          user={user}
          onLoadHint={() => void loadAccountMenu()}
          onPress={() => {
            setPressedEarly(true);
            setWanted(true);
          }}
        />
      )}
    </div>
  );
}
