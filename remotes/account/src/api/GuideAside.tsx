import { useQuery } from '@app/api-client';
import { IMAGE_PIXELS, IMAGE_SIZES, LIMITS, POLL_MS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { Card, Link } from '@app/ui';

const MB = 1024 * 1024;

const TEMPLATES = [
  { file: 'generate-callback.json', label: 'account.templateCallback' },
  { file: 'generate-polling.json', label: 'account.templatePolling' },
] as const;

/** Beside the calls: image sizes, limits, the API reference, callbacks and the n8n templates. */
export function GuideAside() {
  const t = useT();
  // The same answer the landing table and the studio's Cost line read: API prices here, studio costs there.
  const { data: pricing } = useQuery('/api/pricing/current', {}, { refreshInterval: POLL_MS.pricing });
  return (
    <aside className="guide-aside">
      {pricing && (
        <Card className="guide-aside-card">
          <h3>{t('account.apiPricesTitle')}</h3>
          <ul className="guide-limits" data-testid="api-prices">
            <li>{t('account.apiPriceGenerate', { count: pricing.nanoBananaApiPrice })}</li>
            <li>{t('account.apiPriceEdit', { count: pricing.nanoBananaEditApiPrice })}</li>
            <li>{t('account.apiPriceUpscale', { count: pricing.nanoBananaResizeCredits })}</li>
          </ul>
        </Card>
      )}
      <Card className="guide-aside-card">
        <h3>{t('account.imageSizesTitle')}</h3>
        <ul className="image-sizes" data-testid="image-sizes">
          {IMAGE_SIZES.map((size) => (
            <li key={size}>
              <code>{size}</code>
              <span className="ui-muted">
                {size === 'auto' ? t('account.imageSizeAuto') : `${IMAGE_PIXELS[size].width} × ${IMAGE_PIXELS[size].height}`}
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="guide-aside-card">
        <h3>{t('account.limitsTitle')}</h3>
        <ul className="guide-limits">
          <li>{t('account.limitImages', { max: LIMITS.maxReferenceImages, size: LIMITS.maxImageBytes / MB })}</li>
          <li>{t('account.limitScale')}</li>
        </ul>
      </Card>
      <Card className="guide-aside-card">
        <h3>{t('account.referenceTitle')}</h3>
        <p className="ui-muted">{t('account.referenceBody')}</p>
        {/* Served by the API, not the app: a new tab keeps it out of client-side routing. */}
        <Link href="/api/docs" target="_blank" rel="noopener" className="guide-link" data-testid="api-reference-link">
          {t('account.openReference')} <span className="ui-visually-hidden">{t('account.opensInNewTab')}</span>
        </Link>
      </Card>
      <Card className="guide-aside-card">
        <h3>{t('account.callbacksTitle')}</h3>
        <ul className="guide-limits">
          <li>{t('account.callbacksBody')}</li>
          <li>{t('account.idempotencyBody')}</li>
        </ul>
      </Card>
      <Card className="guide-aside-card">
        <h3>{t('account.templateTitle')}</h3>
        <p className="ui-muted">{t('account.templateBody')}</p>
        {/* Served by the API with this site's address in the HTTP nodes, so they import ready to run. */}
        <ul className="guide-templates">
          {TEMPLATES.map(({ file, label }) => (
            <li key={file}>
              <Link href={`/api/n8n/templates/${file}`} download={file} className="guide-link" data-testid="template-link">
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </aside>
  );
}
