import { useT } from '@app/i18n';
import { navigate, toast, useSearchParams } from '@app/ui';
import { useEffect, useState } from 'react';
import { captureErrorToast, captureResultToast, returnStatusToast } from '../checkout/paymentToasts.ts';
import { capturePayPalOrder } from '../checkout/startPayment.ts';
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
    if (action.kind === 'status') toast(returnStatusToast(action.status, t));
    if (action.kind !== 'paypal') return;
    // No cleanup cancels this: the capture is shared per order id, and its outcome must be shown once it lands.
    setCapturing(true);
    capturePayPalOrder(action.token)
      .then((order) => {
        toast(captureResultToast(order, t));
        refresh();
      })
      .catch((error: unknown) => toast(captureErrorToast(error, t)))
      .finally(() => setCapturing(false));
  }, [actionKey]);

  return { capturing };
}
