import { type MessageKey, useT } from '@app/i18n';
import { Card } from '@app/ui';

const FEATURES: Array<{ id: string; title: MessageKey; body: MessageKey; icon: string }> = [
  { id: 'api', title: 'landing.featureApiTitle', body: 'landing.featureApiBody', icon: 'M8 9l-4 3 4 3M16 9l4 3-4 3M13.5 6l-3 12' },
  { id: 'payg', title: 'landing.featurePaygTitle', body: 'landing.featurePaygBody', icon: 'M3 7h18v10H3zM3 10h18M7 14h3' },
  {
    id: 'never-expire',
    title: 'landing.featureNeverExpireTitle',
    body: 'landing.featureNeverExpireBody',
    icon: 'M12 3a9 9 0 1 0 9 9M12 7v5l3 2M17 3h4v4',
  },
];

/** The three selling points under the hero. */
export function Features() {
  const t = useT();
  return (
    <div className="ui-container features">
      {FEATURES.map((feature) => (
        <Card key={feature.id} className="feature-card">
          <span className="feature-icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={feature.icon} />
            </svg>
          </span>
          <h2 className="feature-title">{t(feature.title)}</h2>
          <p className="feature-body">{t(feature.body)}</p>
        </Card>
      ))}
    </div>
  );
}
