import { useQuery } from '@app/api-client';
import { LOCALES, type MessageKey, useI18n, useT } from '@app/i18n';
import { Badge } from '@app/ui';
import { useMemo } from 'react';
import { POLL_MS } from '../../contractConstants.ts';
import { servicePrices } from './servicePrices.ts';

/** The table's column headings, in order. */
const COLUMNS: readonly MessageKey[] = [
  'landing.pricingService',
  'landing.pricingStudio',
  'landing.pricingApi',
  'landing.pricingUsd',
  'landing.pricingWorkflow',
];

/** 'Service Pricing': studio cost and API price per image from GET /api/pricing/current, refreshed every minute. */
export function ServicePricing() {
  const t = useT();
  const { data } = useQuery('/api/pricing/current', {}, { refreshInterval: POLL_MS.pricing });
  // Dollars in the page's locale, like its credit counts (no "$0.025" beside "1.200").
  const locale = LOCALES[useI18n().language];
  const usd = useMemo(() => {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    });
    return (value: number) => format.format(value);
  }, [locale]);
  const rows = servicePrices(data, usd);
  return (
    <section className="landing-section" id="service-pricing" aria-labelledby="service-pricing-title">
      <div className="ui-container">
        <div className="section-heading">
          <h2 id="service-pricing-title">{t('landing.pricingTitle')}</h2>
          <p>{t('landing.pricingSubtitle')}</p>
        </div>
        {/* A static, read-only table: plain HTML with the UI kit's classes. React Aria's interactive grid
            (keyboard cell navigation, selection) would add ~40 KB of script to the landing page for nothing. */}
        <div className="ui-TableScroll">
          <table aria-label={t('landing.pricingCaption')} className="ui-Table service-pricing-table">
            <thead>
              <tr>
                {COLUMNS.map((key) => (
                  <th key={key} scope="col" className="ui-Column">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="ui-Row" data-testid={`price-${row.id}`}>
                  <th scope="row" className="ui-Cell">
                    <span className="service-name">{t(row.name)}</span>
                    <span className="service-hint">{t(row.hint)}</span>
                  </th>
                  <td className="ui-Cell">
                    <span className="service-cost-label">{t('landing.pricingStudio')}</span>
                    <span className="service-credits" data-testid={`studio-credits-${row.id}`}>
                      {t('landing.creditsCount', { count: row.studioCredits })}
                    </span>
                  </td>
                  <td className="ui-Cell">
                    <span className="service-cost-label">{t('landing.pricingApi')}</span>
                    <span className="service-credits" data-testid={`credits-${row.id}`}>
                      {t('landing.creditsCount', { count: row.credits })}
                    </span>
                  </td>
                  <td className="ui-Cell">
                    <span data-testid={`usd-${row.id}`}>{t('landing.perImage', { price: row.usd })}</span>
                  </td>
                  <td className="ui-Cell">
                    <span className="service-workflow-label">{t('landing.pricingWorkflow')}</span>
                    <Badge variant="success">{t('landing.workflowYes')}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
