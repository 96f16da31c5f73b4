import { type Translate, useI18n } from '@app/i18n';
import { Badge } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { CopyButton } from '../shared/CopyButton.tsx';
import { DeleteTokenDialog } from './DeleteTokenDialog.tsx';
import { TokenCapsDialog } from './TokenCapsDialog.tsx';
import type { ApiToken } from './tokensApi.ts';

/** "Caps: 200 a day (UTC) · 5,000 in all", or that there are none. */
function capsText(token: ApiToken, t: Translate, number: (value: number) => string): string {
  const caps = [
    token.dailyCreditCap !== null && t('account.tokenCapDaily', { count: number(token.dailyCreditCap) }),
    token.totalCreditCap !== null && t('account.tokenCapTotal', { count: number(token.totalCreditCap) }),
  ].filter((cap): cap is string => Boolean(cap));
  return caps.length ? t('account.tokenCaps', { caps: caps.join(' · ') }) : t('account.tokenNoCaps');
}

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
        <p className="token-meta" data-testid="token-usage">
          <span>
            {t('account.tokenUsage', {
              calls: token.usage.calls,
              today: format.number(token.usage.creditsToday),
              total: format.number(token.usage.creditsTotal),
            })}
          </span>
          <span data-testid="token-caps">{capsText(token, t, format.number)}</span>
        </p>
      </div>
      <div className="token-actions">
        {fullValue && <CopyButton text={fullValue} label={t('account.copyToken')} />}
        <TokenCapsDialog token={token} />
        <DeleteTokenDialog token={token} onDeleted={onDeleted} />
      </div>
    </li>
  );
}
