import { useApi } from '@app/api-client';
import { useT } from '@app/i18n';
import { Badge, Cell, Column, Row, Table, TableBody, TableHeader } from '@app/ui';
import { POLL_MS } from '../../contractConstants.ts';
import { servicePrices } from './servicePrices.ts';

/** 'Service Pricing': studio cost and API price per image from GET /api/pricing/current, refreshed every minute. */
export function ServicePricing() {
  const t = useT();
  const { data } = useApi('/api/pricing/current', {}, { refreshInterval: POLL_MS.pricing });
  const rows = servicePrices(data);
  return (
    <section className="landing-section" id="service-pricing" aria-labelledby="service-pricing-title">
      <div className="ui-container">
        <div className="section-heading">
          <h2 id="service-pricing-title">{t('landing.pricingTitle')}</h2>
          <p>{t('landing.pricingSubtitle')}</p>
        </div>
        <Table aria-label={t('landing.pricingCaption')} className="service-pricing-table">
          <TableHeader>
            <Column isRowHeader>{t('landing.pricingService')}</Column>
            <Column>{t('landing.pricingStudio')}</Column>
            <Column>{t('landing.pricingApi')}</Column>
            <Column>{t('landing.pricingUsd')}</Column>
            <Column>{t('landing.pricingWorkflow')}</Column>
          </TableHeader>
          <TableBody items={rows}>
            {(row) => (
              <Row id={row.id} data-testid={`price-${row.id}`}>
                <Cell>
                  <span className="service-name">{t(row.name)}</span>
                  <span className="service-hint">{t(row.hint)}</span>
                </Cell>
                <Cell>
                  <span className="service-credits" data-testid={`studio-credits-${row.id}`}>
                    {t('landing.creditsCount', { count: row.studioCredits })}
                  </span>
                </Cell>
                <Cell>
                  <span className="service-credits" data-testid={`credits-${row.id}`}>
                    {t('landing.creditsCount', { count: row.credits })}
                  </span>
                </Cell>
                <Cell>
                  <span data-testid={`usd-${row.id}`}>{t('landing.perImage', { price: row.usd })}</span>
                </Cell>
                <Cell>
                  <span className="service-workflow-label">{t('landing.pricingWorkflow')}</span>
                  <Badge variant="success">{t('landing.workflowYes')}</Badge>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
