import { useI18n } from '@app/i18n';
import { Badge } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { CopyButton } from '../shared/CopyButton.tsx';
import { DeleteTokenDialog } from './DeleteTokenDialog.tsx';
import type { ApiToken } from './tokensApi.ts';

/**
 * One token: name, masked value, created and last used, and its actions. Copy is offered only while
 * the full value is known (just created on this page): a masked value is of no use in a workflow.
 */
export function TokenRow({ token, fullValue, onDeleted }: { token: ApiToken; fullValue: string | undefined; onDeleted: () => void }) {
  const { t } = useI18n();
  const format = useFormat();
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
          <span>{t('account.tokenCreatedAt', { date: format.dateTime(token.createdAt) })}</span>
          <span>
            {token.lastUsed ? t('account.tokenLastUsed', { date: format.dateTime(token.lastUsed) }) : t('account.tokenNeverUsed')}
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
