import { useT } from '@app/i18n';
import { AUTOMATION_CALLS, STATUS_RESPONSE_EXAMPLE, SUBMIT_RESPONSE_EXAMPLE, TOKEN_PLACEHOLDER } from './automationCalls.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { EndpointCard } from './EndpointCard.tsx';
import { GuideAside } from './GuideAside.tsx';
import { OtherSurfaces } from './OtherSurfaces.tsx';

/** How to call the automation API from n8n or any HTTP client, with examples for this very origin. */
export function IntegrationGuide() {
  const t = useT();
  const origin = window.location.origin;
  return (
    <section className="guide" aria-labelledby="guide-title">
      <h2 id="guide-title" className="api-section-title">
        {t('account.guideTitle')}
      </h2>
      <p className="ui-muted api-section-subtitle">{t('account.guideIntro')}</p>
      <div className="guide-layout">
        <div className="guide-main">
          <div className="guide-basics">
            <div>
              <h3>{t('account.baseUrl')}</h3>
              <CodeBlock code={origin} testId="base-url" />
            </div>
            <div>
              <h3>{t('account.authTitle')}</h3>
              <p className="ui-muted">{t('account.authBody')}</p>
              <CodeBlock code={`Authorization: Bearer ${TOKEN_PLACEHOLDER}`} />
            </div>
          </div>
          {AUTOMATION_CALLS.map((call) => (
            <EndpointCard key={call.id} call={call} origin={origin} />
          ))}
          <OtherSurfaces origin={origin} />
          <div className="guide-responses">
            <div>
              <h3>{t('account.submitResponseTitle')}</h3>
              <CodeBlock code={JSON.stringify(SUBMIT_RESPONSE_EXAMPLE, null, 2)} caption="JSON" label={t('account.submitResponseTitle')} />
            </div>
            <div>
              <h3>{t('account.statusResponseTitle')}</h3>
              <CodeBlock code={JSON.stringify(STATUS_RESPONSE_EXAMPLE, null, 2)} caption="JSON" label={t('account.statusResponseTitle')} />
            </div>
          </div>
        </div>
        <GuideAside />
      </div>
    </section>
  );
}
