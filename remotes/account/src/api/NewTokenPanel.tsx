import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import { CopyButton } from '../shared/CopyButton.tsx';
import type { CreatedApiToken } from './tokensApi.ts';

/**
 * The full token and its callback signing secret, shown once right after creation with copy buttons;
 * gone after a reload (only hashes and the encrypted secret are stored).
 */
export function NewTokenPanel({ token, onDismiss }: { token: CreatedApiToken; onDismiss: () => void }) {
  const t = useT();
  return (
    <section className="new-token" aria-labelledby="new-token-title" data-testid="new-token">
      <div className="new-token-head">
        <h3 id="new-token-title">{t('account.newTokenTitle', { name: token.name })}</h3>
        <p>{t('account.newTokenHint')}</p>
      </div>
      <div className="new-token-value">
        <code data-testid="new-token-value">{token.token}</code>
        <CopyButton text={token.token} label={t('account.copyToken')} variant="primary" />
      </div>
      <p className="new-token-secret-label">{t('account.signingSecretLabel')}</p>
      <div className="new-token-value">
        <code data-testid="new-token-secret">{token.signingSecret}</code>
        <CopyButton text={token.signingSecret} label={t('account.copySigningSecret')} />
      </div>
      <p className="new-token-secret-hint">{t('account.signingSecretHint')}</p>
      <Button variant="ghost" size="sm" className="new-token-dismiss" onPress={onDismiss}>
        {t('account.dismissNewToken')}
      </Button>
    </section>
  );
}
