import { useT } from '@app/i18n';
import { Badge, LinkButton } from '@app/ui';
import { type CSSProperties, useRef } from 'react';
import { SHOWCASE_ITEMS } from './showcaseItems.ts';
import { useInView } from './useInView.ts';

/** 'Showcase Gallery': 8 lazy 1:1 pictures whose cards enter 0.1 s apart once scrolled into view. */
export function Showcase() {
  const t = useT();
  const gridRef = useRef<HTMLUListElement>(null);
  const inView = useInView(gridRef);
  return (
    <section className="landing-section landing-section-alt" aria-labelledby="showcase-title">
      <div className="ui-container">
        <div className="section-heading">
          <h2 id="showcase-title">{t('landing.showcaseTitle')}</h2>
          <p>{t('landing.showcaseSubtitle')}</p>
        </div>
        <ul ref={gridRef} className="showcase-grid" data-in-view={inView || undefined}>
          {SHOWCASE_ITEMS.map((item, index) => (
            <li key={item.id} className="showcase-card" style={{ '--stagger': `${index * 0.1}s` } as CSSProperties}>
              <figure>
                <div className="showcase-image">
                  <img src={item.src} alt={t(item.prompt)} loading="lazy" width={512} height={512} />
                  <div className="showcase-labels">
                    <Badge className="showcase-ratio">1:1</Badge>
                    <Badge variant="accent">{t('landing.aiGenerated')}</Badge>
                  </div>
                </div>
                <figcaption className="showcase-prompt">
                  <span>{t(item.prompt)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <div className="section-cta">
          <LinkButton href="/generate" size="lg">
            {t('landing.tryGenerator')}
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
