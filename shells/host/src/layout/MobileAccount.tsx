import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, LinkButton } from '@app/ui';
import { useLogout } from '../session/useLogout.ts';
import { CreditsBadge } from './CreditsBadge.tsx';

/** The account part of the phone menu: Sign In, or the balance with My Account and Logout. */
export function MobileAccount({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const { user } = useSession();
  const logout = useLogout();
  if (!user) {
    return (
      <LinkButton href="/login" size="sm" className="header-signin" onPress={onNavigate}>
        {t('common.signIn')}
      </LinkButton>
    );
  }
  return (
    <div className="mobile-account">
      <div className="mobile-account-who">
        <span className="account-avatar" aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="mobile-account-name">{user.username}</span>
        <CreditsBadge credits={user.credits} threshold={user.lowBalanceThreshold} onNavigate={onNavigate} />
      </div>
      <div className="mobile-account-actions">
        <LinkButton href="/my-account" variant="secondary" onPress={onNavigate}>
          {t('common.myAccount')}
        </LinkButton>
        <Button
          variant="ghost"
          className="mobile-logout"
          onPress={() => {
            onNavigate();
            void logout();
          }}
        >
          {t('common.logout')}
        </Button>
      </div>
    </div>
  );
}
