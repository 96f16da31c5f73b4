import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useState } from 'react';
import type { PaymentMethod } from './paymentMethods.ts';
import { cardCheckoutErrorToast, paypalErrorToast } from './paymentToasts.ts';
import { createCardCheckout, createPayPalApproval, type PayablePackage } from './startPayment.ts';

/**
 * Starts a payment and sends the browser to the provider. `pending` is the method in progress: it stays
 * set while the page leaves, and clears on failure so the button can be pressed again.
 */
export function useCheckout() {
  const t = useT();
  const [pending, setPending] = useState<PaymentMethod | null>(null);

  async function start(method: PaymentMethod, pkg: PayablePackage): Promise<void> {
    setPending(method);
    try {
      const url = method === 'card' ? await createCardCheckout(pkg) : await createPayPalApproval(pkg);
      if (!url) {
        toast({ variant: 'error', title: t(method === 'card' ? 'billing.noCheckoutUrl' : 'billing.noApproveUrl') });
        setPending(null);
        return;
      }
      window.location.assign(url);
    } catch (error) {
      toast(method === 'card' ? cardCheckoutErrorToast(error, t) : paypalErrorToast(error, t));
      setPending(null);
    }
  }

  return { start, pending };
}
