import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import { CopyButton } from '../shared/CopyButton.tsx';
import type { CreatedApiToken } from './tokensApi.ts';

/** The full token, shown once right after creation with a copy button; gone after a reload. */
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
      <Button variant="ghost" size="sm" className="new-token-dismiss" onPress={onDismiss}>
        {t('account.dismissNewToken')}
      </Button>
    </section>
  );
}
