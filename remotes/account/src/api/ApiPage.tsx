import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { PageHeader } from '@app/ui';
import { PageSpinner } from '../shared/PageSpinner.tsx';
import { SignInPrompt } from '../shared/SignInPrompt.tsx';
import { DeliveriesCard } from './DeliveriesCard.tsx';
import { IntegrationGuide } from './IntegrationGuide.tsx';
import { TokenManager } from './TokenManager.tsx';
import './api-page.css';

/** /api: the user's API tokens and the integration guide; visitors get a sign-in prompt above the guide. */
export function ApiPage() {
  const t = useT();
  const { user } = useSession({ refreshOnMount: true });
  return (
    <div className="ui-container ui-page api-page">
      <PageHeader title={t('account.apiTitle')} subtitle={t('account.apiSubtitle')} />
      {user === undefined ? (
        <PageSpinner />
      ) : user ? (
        // Keyed by user: another sign-in on this tab never sees the previous user's fresh token.
        <>
          <TokenManager key={user.id} userId={user.id} />
          <DeliveriesCard key={`deliveries-${user.id}`} />
        </>
      ) : (
        <SignInPrompt title={t('account.apiSignInTitle')} body={t('account.apiSignInBody')} />
      )}
      <IntegrationGuide />
    </div>
  );
}
