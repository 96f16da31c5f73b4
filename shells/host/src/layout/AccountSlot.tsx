import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { AccountMenuTrigger } from './AccountMenuTrigger.tsx';
import { CreditsBadge } from './CreditsBadge.tsx';

// React Aria's menu, popover and collections (~27 KB compressed) are fetched when a user first reaches for
// the menu (hover, focus or press), not with every signed-in page.
const loadAccountMenu = () => import('./AccountMenu.tsx');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

/**
 * After the menu closes, focus goes back to its button. The menu returns focus to what was focused when it opened;
 * on the first use that is the stand-in button, gone by then, so focus would fall to the page: catch that here.
 */
function returnFocusTo(slot: HTMLElement | null, framesLeft = 30) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!active || active === document.body) slot?.querySelector<HTMLElement>('.account-menu-trigger')?.focus();
    else if (active.closest('.account-menu-popover') && framesLeft > 0) returnFocusTo(slot, framesLeft - 1);
  });
}

/** The header's account corner: Sign In for visitors; the credit balance and the account menu for users. */
export function AccountSlot() {
  const t = useT();
  const { user } = useSession();
  // A press on the stand-in button opens the menu once its code is there.
  const [pressedEarly, setPressedEarly] = useState(false);
  const [isWanted, setWanted] = useState(false);
  const forgetEarlyPress = useCallback(() => setPressedEarly(false), []);
  const slot = useRef<HTMLDivElement>(null);
  if (!user) {
    return (
      <LinkButton href="/login" size="sm" className="header-signin">
        {t('common.signIn')}
      </LinkButton>
    );
  }
  return (
    <div className="account-slot" ref={slot}>
      <CreditsBadge credits={user.credits} threshold={user.lowBalanceThreshold} />
      {isWanted ? (
        <Suspense fallback={<AccountMenuTrigger user={user} onPress={() => setPressedEarly(true)} />}>
          <AccountMenu user={user} defaultOpen={pressedEarly} onMounted={forgetEarlyPress} onClosed={() => returnFocusTo(slot.current)} />
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
