import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import { useCurrentUser } from '../session/useCurrentUser.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { CreditsBadge } from './CreditsBadge.tsx';

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
      <AccountMenu user={user} />
    </div>
  );
}
