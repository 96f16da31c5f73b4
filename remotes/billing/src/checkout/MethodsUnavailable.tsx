import { useT } from '@app/i18n';

/** No method enabled (or the methods could not be read): nothing to press, tell the buyer why. */
export function MethodsUnavailable({ isError }: { isError: boolean }) {
  const t = useT();
  return (
    <p className="billing-methods-unavailable" role="status" data-testid="payment-methods-unavailable">
      {t(isError ? 'billing.methodsError' : 'billing.methodsUnavailable')}
    </p>
  );
}
