import { intentKeys, useSubmitOnce } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useRef, useState } from 'react';
import type { PaymentMethod } from './paymentMethods.ts';
import { cardCheckoutErrorToast, paypalErrorToast } from './paymentToasts.ts';
import { createCardCheckout, createPayPalApproval, type PayablePackage } from './startPayment.ts';

/**
 * Starts a payment and sends the browser to the provider. `pending` is the method in progress: it stays
 * set while the page leaves, and clears on failure so the button can be pressed again. One press is one
 * checkout: repeats of the press are ignored, and the call carries its intent's Idempotency-Key, so pressing again
 * after a lost answer replays that checkout rather than opening a second order.
 */
export function useCheckout() {
  const t = useT();
  const [pending, setPending] = useState<PaymentMethod | null>(null);
  const once = useSubmitOnce();
  const keys = useRef(intentKeys());

  const start = (method: PaymentMethod, pkg: PayablePackage) =>
    once.run(async () => {
      setPending(method);
      const key = keys.current.keyFor({ method, packageId: pkg.id });
      try {
        const url = method === 'card' ? await createCardCheckout(pkg, key) : await createPayPalApproval(pkg, key);
        keys.current.ended();
        if (!url) {
          toast({ variant: 'error', title: t(method === 'card' ? 'billing.noCheckoutUrl' : 'billing.noApproveUrl') });
          setPending(null);
          return false;
        }
        window.location.assign(url);
        return true;
      } catch (error) {
        keys.current.ended(error);
        toast(method === 'card' ? cardCheckoutErrorToast(error, t) : paypalErrorToast(error, t));
        setPending(null);
        return false;
      }
    });

  return { start, pending };
}
