import { useT } from '@app/i18n';
import { navigate, useSearchParams } from '@app/ui';
import { useEffect, useState } from 'react';
import { loadCheckoutParts } from '../checkout/loadCheckoutParts.ts';
import { readPricingReturn } from './pricingReturn.ts';
import { useRefreshAfterPayment } from './useRefreshAfterPayment.ts';

/**
 * Handles a return to /pricing: toasts the `payment` state, or captures the PayPal order PayPal
 * sent back, then removes the parameters from the address. `capturing` is true while PayPal is captured.
 */
export function usePricingReturn(): { capturing: boolean } {
  const t = useT();
  const [searchParams] = useSearchParams();
  const refresh = useRefreshAfterPayment();
  const [capturing, setCapturing] = useState(false);
  const action = readPricingReturn(searchParams);
  const actionKey = action && JSON.stringify(action);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per distinct return (t and refresh change identity)
  useEffect(() => {
    if (!action) return;
    navigate(window.location.pathname, { replace: true });
    if (action.kind === 'unknown') return;
    const isPayPal = action.kind === 'paypal';
    if (isPayPal) setCapturing(true);
    // The payment code downloads only when a provider sent the buyer back, not with every visit. No cleanup
    // cancels this: the capture is shared per order id, and its outcome must be shown once it lands.
    loadCheckoutParts()
      .then(({ settlePricingReturn }) => settlePricingReturn(action, t))
      .then((captured) => {
        if (captured) refresh();
      })
      .catch((error: unknown) => console.error('Payment return not handled', error))
      .finally(() => {
        if (isPayPal) setCapturing(false);
      });
  }, [actionKey]);

  return { capturing };
}
