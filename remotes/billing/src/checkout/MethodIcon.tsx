import type { PaymentMethod } from './paymentMethods.ts';

/** A small outline icon per method: a card, or PayPal's "P". Decorative only. */
export function MethodIcon({ method }: { method: PaymentMethod }) {
  if (method === 'card') {
    return (
      <svg className="billing-method-icon" viewBox="0 0 24 24" aria-hidden="true">
        <rect x="2.5" y="5" width="19" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M2.5 9.5h19" stroke="currentColor" strokeWidth="1.8" />
        <path d="M6 15h4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <svg className="billing-method-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M8 20H5.5L8 4h6.2c3 0 4.8 1.6 4.3 4.4-.5 3-2.8 4.6-5.8 4.6H10l-1 7Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
