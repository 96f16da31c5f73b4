import { useT } from '@app/i18n';
import { Card, Spinner } from '@app/ui';
import { useState } from 'react';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { NewTokenPanel } from './NewTokenPanel.tsx';
import { TokenRow } from './TokenRow.tsx';
import { type CreatedApiToken, useApiTokens } from './tokensApi.ts';
import { useDefaultToken } from './useDefaultToken.ts';

/** The signed-in user's tokens: create (shown once), list masked, delete; a default one on first visit. */
export function TokenManager({ userId }: { userId: string }) {
  const t = useT();
  const tokens = useApiTokens(true);
  // The token just created on this page, full value included; it lives only in this state.
  const [fresh, setFresh] = useState<CreatedApiToken | null>(null);
  const revalidate = () => tokens.mutate();
  const showCreated = (created: CreatedApiToken) => {
    setFresh(created);
    void revalidate();
  };
  useDefaultToken(userId, tokens, showCreated);

  return (
    <Card className="tokens-card">
      <div className="tokens-head">
        <div>
          <h2 className="api-section-title">{t('account.tokensTitle')}</h2>
          <p className="ui-muted api-section-subtitle">{t('account.tokensSubtitle')}</p>
        </div>
        <CreateTokenDialog onCreated={showCreated} />
      </div>
      {fresh && <NewTokenPanel token={fresh} onDismiss={() => setFresh(null)} />}
      {tokens.data ? (
        tokens.data.length > 0 ? (
          <ul className="token-list" aria-label={t('account.tokensTitle')}>
            {tokens.data.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                fullValue={fresh?.id === token.id ? fresh.token : undefined}
                onDeleted={() => {
                  if (fresh?.id === token.id) setFresh(null);
                  void revalidate();
                }}
              />
            ))}
          </ul>
        ) : (
          !tokens.isValidating && <p className="tokens-empty ui-muted">{t('account.noTokens')}</p>
        )
      ) : tokens.error ? (
        <p className="tokens-empty ui-muted">{t('account.tokensLoadFailed')}</p>
      ) : (
        <Spinner className="tokens-spinner" />
      )}
    </Card>
  );
}
