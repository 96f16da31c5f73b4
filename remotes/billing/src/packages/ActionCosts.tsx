import { type components, useQuery } from '@app/api-client';
import { POLL_MS } from '@app/contract/constants';
import { type MessageKey, useT } from '@app/i18n';
import { Card } from '@app/ui';
import './packages.css';

type Pricing = components['schemas']['Pricing'];

/** Each action with what it costs in the studio and through the API (upscale has one price for both). */
const ACTIONS: ReadonlyArray<{ id: string; name: MessageKey; studio: (p: Pricing) => number; api: (p: Pricing) => number }> = [
  { id: 'text-to-image', name: 'billing.costTextToImage', studio: (p) => p.nanoBananaCredits, api: (p) => p.nanoBananaApiPrice },
  { id: 'edit', name: 'billing.costEdit', studio: (p) => p.nanoBananaEditCredits, api: (p) => p.nanoBananaEditApiPrice },
  { id: 'upscale', name: 'billing.costUpscale', studio: (p) => p.nanoBananaResizeCredits, api: (p) => p.nanoBananaResizeCredits },
];

/**
 * What one image takes, per action, beside the packages: so a buyer can tell what a package buys. Studio and API
 * prices differ, so each number says which it is (GET /api/pricing/current, the admin's settings).
 */
export function ActionCosts() {
  const t = useT();
  const { data, error } = useQuery('/api/pricing/current', {}, { refreshInterval: POLL_MS.pricing, keepPreviousData: true });
  if (error && !data) return <Card className="ui-muted">{t('billing.costsError')}</Card>;
  return (
    <Card className="billing-costs" data-testid="action-costs">
      <h3 className="billing-costs-title" id="billing-costs-title">
        {t('billing.costsTitle')}
      </h3>
      <table className="billing-costs-table" aria-labelledby="billing-costs-title">
        <thead>
          <tr>
            <th scope="col">{t('billing.costsAction')}</th>
            <th scope="col">{t('billing.costsStudio')}</th>
            <th scope="col">{t('billing.costsApi')}</th>
          </tr>
        </thead>
        <tbody>
          {ACTIONS.map((action) => (
            <tr key={action.id} data-testid={`cost-${action.id}`}>
              <th scope="row">{t(action.name)}</th>
              <td data-testid="cost-studio">{data ? t('billing.credits', { count: action.studio(data) }) : '…'}</td>
              <td data-testid="cost-api">{data ? t('billing.credits', { count: action.api(data) }) : '…'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
