import { type MessageKey, useT } from '@app/i18n';

const QUESTIONS: Array<{ id: string; q: MessageKey; a: MessageKey }> = [
  { id: 'what', q: 'landing.faqWhatQ', a: 'landing.faqWhatA' },
  { id: 'how', q: 'landing.faqHowQ', a: 'landing.faqHowA' },
  { id: 'compare', q: 'landing.faqCompareQ', a: 'landing.faqCompareA' },
  { id: 'commercial', q: 'landing.faqCommercialQ', a: 'landing.faqCommercialA' },
];

/** The four FAQ entries as native disclosures (keyboard and screen-reader friendly for free). */
export function Faq() {
  const t = useT();
  return (
    <section className="landing-section" aria-labelledby="faq-title">
      <div className="ui-container faq">
        <div className="section-heading">
          <h2 id="faq-title">{t('landing.faqTitle')}</h2>
        </div>
        <div className="faq-list">
          {QUESTIONS.map((item) => (
            <details key={item.id} className="faq-item">
              <summary>{t(item.q)}</summary>
              <p>{t(item.a)}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
