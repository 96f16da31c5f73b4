import { useT } from '@app/i18n';
import { Badge, Button, Card } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { KieStatusBadge } from './KieStatusBadge.tsx';
import { imagesLeft, type KieApiAccount } from './kieTypes.ts';

interface KieAccountCardProps {
  account: KieApiAccount;
  refreshing: boolean;
  onEdit: () => void;
  onRefresh: () => void;
  onDelete: () => void;
}

/** One provider account: balance and what it still pays for, per-image costs, usage and actions. */
export function KieAccountCard({ account, refreshing, onEdit, onRefresh, onDelete }: KieAccountCardProps) {
  const t = useT();
  const format = useFormat();
  return (
    <Card className="admin-kie-card" data-testid="kie-account" data-enabled={account.isEnabled || undefined}>
      <div className="admin-kie-head">
        <div>
          <h3>{account.name}</h3>
          <code className="admin-code">{account.tokenHint}</code>
        </div>
        <div className="admin-kie-badges">
          <KieStatusBadge status={account.status} />
          <Badge variant={account.isEnabled ? 'info' : 'neutral'}>{account.isEnabled ? t('admin.enabled') : t('admin.disabled')}</Badge>
        </div>
      </div>
      <p className="admin-kie-balance">
        <span className="admin-numeric">{format.number(account.totalCredits)}</span>
        <span className="ui-muted">{t('adminManage.kieCreditsLeft')}</span>
      </p>
      <p className="admin-kie-estimate ui-muted">
        {t('adminManage.kieImagesLeft', {
          text: format.number(imagesLeft(account.totalCredits, account.nanoBananaCredits)),
          edit: format.number(imagesLeft(account.totalCredits, account.nanoBananaEditCredits)),
        })}
      </p>
      <dl className="admin-kie-facts">
        <div>
          <dt>{t('adminManage.kieTextCost')}</dt>
          <dd className="admin-numeric">{t('adminManage.kiePerImage', { count: format.number(account.nanoBananaCredits) })}</dd>
        </div>
        <div>
          <dt>{t('adminManage.kieEditCost')}</dt>
          <dd className="admin-numeric">{t('adminManage.kiePerImage', { count: format.number(account.nanoBananaEditCredits) })}</dd>
        </div>
        <div>
          <dt>{t('adminManage.kieUsage')}</dt>
          <dd className="admin-numeric">{t('adminManage.kieUsageValue', { count: account.totalUsage })}</dd>
        </div>
        <div>
          <dt>{t('adminManage.kieLastUsed')}</dt>
          <dd>{account.lastUsed ? format.dateTime(account.lastUsed) : t('adminManage.never')}</dd>
        </div>
      </dl>
      <div className="admin-kie-actions">
        <Button size="sm" variant="secondary" onPress={onEdit}>
          {t('adminManage.edit')}
        </Button>
        <Button size="sm" variant="secondary" onPress={onRefresh} isPending={refreshing}>
          {t('adminManage.kieRefresh')}
        </Button>
        <Button size="sm" variant="ghost" className="admin-danger-text" onPress={onDelete}>
          {t('adminManage.delete')}
        </Button>
      </div>
    </Card>
  );
}
