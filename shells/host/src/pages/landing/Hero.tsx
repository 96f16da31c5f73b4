import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import { EXTERNAL_LINKS } from '../../links.ts';
import { SHOWCASE_ITEMS } from './showcaseItems.ts';

const COLLAGE = [SHOWCASE_ITEMS[4], SHOWCASE_ITEMS[1], SHOWCASE_ITEMS[0]];

/** The dark hero: claim badge, headline, the two calls to action and a small collage. */
export function Hero() {
  const t = useT();
  return (
    <section className="hero">
      <div className="ui-container hero-inner">
        <div className="hero-copy">
          <p className="hero-badge">
            <span className="hero-badge-dot" aria-hidden="true" />
            {t('landing.heroBadge')}
          </p>
          <h1 className="hero-title">{t('landing.heroTitle')}</h1>
          <p className="hero-subtitle">{t('landing.heroSubtitle')}</p>
          <div className="hero-actions">
            <LinkButton href="/generate" size="lg">
              {t('landing.startEditing')}
            </LinkButton>
            <LinkButton
              href={EXTERNAL_LINKS.n8nTemplate}
              target="_blank"
              rel="noopener noreferrer"
              variant="secondary"
              size="lg"
              className="hero-secondary"
            >
              {t('landing.n8nTemplate')}
            </LinkButton>
          </div>
        </div>
        <div className="hero-collage" aria-hidden="true">
          {COLLAGE.map(
            (item, i) =>
              item && (
                <img
                  key={item.id}
                  src={item.src}
                  alt=""
                  className={`hero-collage-${i + 1}`}
                  width={512}
                  height={512}
                  // The first picture is the page's largest on wide screens: fetched ahead of the rest. Phones hide
                  // the collage: lazy, it is never fetched there, instead of competing with the page's first paint.
                  loading="lazy"
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding={i === 0 ? 'sync' : 'async'}
                />
              ),
          )}
        </div>
      </div>
    </section>
  );
}
