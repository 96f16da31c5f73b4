import { useT } from '@app/i18n';
import { Badge } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '@app/ui/table';
import { RowActions } from '../shared/RowActions.tsx';
import type { AdminCreditPackage } from './packageTypes.ts';
import './packages.css';

interface PackagesTableProps {
  packages: AdminCreditPackage[];
  onEdit: (pkg: AdminCreditPackage) => void;
  onDelete: (pkg: AdminCreditPackage) => void;
}

/** Every package, active or not, with what the public list shows and the payment product. */
export function PackagesTable({ packages, onEdit, onDelete }: PackagesTableProps) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="admin-card-table admin-packages">
      <Table aria-label={t('admin.sectionPackages')} data-testid="packages-table">
        <TableHeader>
          <Column isRowHeader>{t('adminManage.packageName')}</Column>
          <Column>{t('adminManage.packageCredits')}</Column>
          <Column>{t('adminManage.packagePriceColumn')}</Column>
          <Column>{t('adminManage.packageProductId')}</Column>
          <Column>{t('adminManage.status')}</Column>
          <Column>
            <span className="ui-visually-hidden">{t('adminManage.actions')}</span>
          </Column>
        </TableHeader>
        <TableBody items={packages} renderEmptyState={() => <p className="admin-empty">{t('adminManage.packagesEmpty')}</p>}>
          {(pkg) => (
            <Row id={pkg.id} data-testid="package-row">
              <Cell className="admin-packages-name">
                <div className="admin-cell-title">
                  <strong>{pkg.name}</strong>
                  {pkg.popular && <Badge variant="accent">{t('adminManage.packagePopularBadge')}</Badge>}
                </div>
                {pkg.description && <div className="admin-cell-sub">{pkg.description}</div>}
              </Cell>
              <Cell className="admin-numeric admin-packages-credits" data-label={t('adminManage.packageCredits')}>
                {format.number(pkg.credits)}
                {pkg.bonus > 0 && (
                  <div className="admin-cell-sub">{t('adminManage.packageBonusIncluded', { count: format.number(pkg.bonus) })}</div>
                )}
              </Cell>
              <Cell className="admin-numeric admin-packages-price" data-label={t('adminManage.packagePriceColumn')}>
                {format.usd(pkg.price)}
              </Cell>
              <Cell className="admin-packages-product" data-label={t('adminManage.packageProductId')}>
                {pkg.creemProductId ? <code className="admin-code">{pkg.creemProductId}</code> : <span className="ui-muted">—</span>}
              </Cell>
              <Cell className="admin-packages-status">
                <Badge variant={pkg.isActive ? 'success' : 'neutral'}>
                  {pkg.isActive ? t('adminManage.active') : t('adminManage.inactive')}
                </Badge>
              </Cell>
              <Cell className="admin-packages-actions">
                <RowActions name={pkg.name} onEdit={() => onEdit(pkg)} onDelete={() => onDelete(pkg)} />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
