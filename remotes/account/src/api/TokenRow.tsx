import { useI18n } from '@app/i18n';
import { Badge } from '@app/ui';
import { CopyButton } from '../shared/CopyButton.tsx';
import { formatDateTime } from '../shared/formatDate.ts';
import { DeleteTokenDialog } from './DeleteTokenDialog.tsx';
import type { ApiToken } from './tokensApi.ts';

/**
 * One token: name, masked value, created and last used, and its actions. Copy is offered only while
 * the full value is known (just created on this page): a masked value is of no use in a workflow.
 */
export function TokenRow({ token, fullValue, onDeleted }: { token: ApiToken; fullValue: string | undefined; onDeleted: () => void }) {
  const { t, language } = useI18n();
  return (
    <li className="token-row" data-testid="token-row">
      <div className="token-main">
        <div className="token-name-line">
          <span className="token-name">{token.name}</span>
          {!token.isActive && <Badge variant="warning">{t('account.tokenInactive')}</Badge>}
        </div>
        <code className="token-masked" data-testid="token-masked">
          {token.maskedToken}
        </code>
        <p className="token-meta">
          <span>{t('account.tokenCreatedAt', { date: formatDateTime(token.createdAt, language) })}</span>
          <span>
            {token.lastUsed ? t('account.tokenLastUsed', { date: formatDateTime(token.lastUsed, language) }) : t('account.tokenNeverUsed')}
          </span>
        </p>
      </div>
      <div className="token-actions">
        {fullValue && <CopyButton text={fullValue} label={t('account.copyToken')} />}
        <DeleteTokenDialog token={token} onDeleted={onDeleted} />
      </div>
    </li>
  );
}
