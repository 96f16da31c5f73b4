import { useT } from '@app/i18n';
import { Spinner } from '@app/ui';
import type { CreemReturnState } from './useCreemReturn.ts';
import './returns.css';

type Tone = 'success' | 'neutral' | 'warning' | 'danger';

function Banner({ tone, title, body, busy }: { tone: Tone; title: string; body?: string; busy?: boolean }) {
  return (
    <div className="billing-banner" data-tone={tone} role="status" data-testid="payment-return-banner">
      {busy ? <Spinner size="sm" className="billing-banner-icon" /> : <span className="billing-banner-icon" aria-hidden="true" />}
      <div>
        <p className="billing-banner-title">{title}</p>
        {body && <p className="billing-banner-body">{body}</p>}
      </div>
    </div>
  );
}

/** The outcome of a return from Creem's checkout on /purchase-credits; nothing on an ordinary visit. */
export function CreemReturnBanner({ state }: { state: CreemReturnState }) {
  const t = useT();
  switch (state.phase) {
    case 'none':
      return null;
    case 'verifying':
      return <Banner tone="neutral" busy title={t('billing.returnVerifying')} />;
    case 'paid':
      return (
        <Banner
          tone="success"
          title={t('billing.paymentSuccessTitle')}
          body={t('billing.paymentSuccessCredits', { count: state.credits })}
        />
      );
    case 'confirming':
      return <Banner tone="neutral" busy title={t('billing.returnConfirmingTitle')} body={t('billing.returnConfirmingBody')} />;
    case 'arrived':
      return (
        <Banner tone="success" title={t('billing.returnArrivedTitle')} body={t('billing.returnArrivedBody', { count: state.balance })} />
      );
    case 'timeout':
      return <Banner tone="warning" title={t('billing.returnTimeoutTitle')} body={t('billing.returnTimeoutBody')} />;
    case 'failed':
      return <Banner tone="danger" title={t('billing.paymentFailedTitle')} body={t('billing.paymentFailedBody')} />;
  }
}
