import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { PageHeader } from '@app/ui';
import { SecuritySection } from '../security/SecuritySection.tsx';
import { PageSpinner } from '../shared/PageSpinner.tsx';
import { SignInPrompt } from '../shared/SignInPrompt.tsx';
import { BalanceAlertCard } from './BalanceAlertCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SecurityCard } from './SecurityCard.tsx';
import { ShortcutsCard } from './ShortcutsCard.tsx';
import './my-account.css';

/**
 * /my-account: profile and balance, shortcuts, the low-balance alert, the password, then security (second factor, passkeys, email, sessions,
 * security events); visitors are asked to sign in.
 */
export function MyAccountPage() {
  const t = useT();
  // Asked again on arrival, so credits and role are fresh here.
  const { user, refresh } = useSession({ refreshOnMount: true });
  return (
    <div className="ui-container ui-page">
      <PageHeader title={t('account.myAccountTitle')} subtitle={t('account.myAccountSubtitle')} />
      {user === undefined ? (
        <PageSpinner />
      ) : user ? (
        <>
          <div className="my-account-grid">
            <ProfileCard user={user} />
            <div className="my-account-side">
              <ShortcutsCard isAdmin={user.isAdmin} />
              <BalanceAlertCard key={user.id} />
              <SecurityCard onPasswordChanged={refresh} />
            </div>
          </div>
          <SecuritySection />
        </>
      ) : (
        <SignInPrompt title={t('account.pleaseSignIn')} body={t('account.pleaseSignInBody')} />
      )}
    </div>
  );
}
