import { useQuery } from '@app/api-client';
import { useT, WithMessages } from '@app/i18n';
import { Suspense } from 'react';
import { EmailCard } from './EmailCard.tsx';
import { PasskeysCard } from './PasskeysCard.tsx';
import { SecurityEventsCard } from './SecurityEventsCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { StepUpPrompt } from './StepUpPrompt.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import './security.css';

/** My Account's security: the email check, the second factor, passkeys, sessions and the account's security events. */
export function SecuritySection() {
  return (
    <Suspense fallback={null}>
      <WithMessages domains={['security']}>
        <SecurityCards />
        <StepUpPrompt />
      </WithMessages>
    </Suspense>
  );
}

function SecurityCards() {
  const t = useT();
  const { data } = useQuery('/api/user/security');
  return (
    <section className="security-section" aria-labelledby="security-heading" id="security">
      <h2 id="security-heading" className="security-heading">
        {t('security.sectionTitle')}
      </h2>
      {data?.secondFactorRequired && (
        <p className="security-required" role="alert" data-testid="second-factor-required">
          {t('security.adminMustSetUp')}
        </p>
      )}
      <div className="security-grid">
        <TwoFactorCard security={data} />
        <PasskeysCard security={data} />
        <EmailCard security={data} />
        <SessionsCard />
        <SecurityEventsCard />
      </div>
    </section>
  );
}
