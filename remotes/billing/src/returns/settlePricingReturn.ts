import type { Translate } from '@app/i18n';
import { toast } from '@app/ui';
import { captureErrorToast, captureResultToast, returnStatusToast } from '../checkout/paymentToasts.ts';
import { capturePayPalOrder } from '../checkout/startPayment.ts';
import type { PricingReturn } from './pricingReturn.ts';

/**
 * Tells the buyer how a return to /pricing ended: toasts the provider's status, or captures the approved PayPal
 * order and toasts its outcome. Answers whether credits were captured (the balance is then worth re-reading).
 */
export async function settlePricingReturn(action: Exclude<PricingReturn, { kind: 'unknown' }>, t: Translate): Promise<boolean> {
  if (action.kind === 'status') {
    toast(returnStatusToast(action.status, t));
    return false;
  }
  try {
    toast(captureResultToast(await capturePayPalOrder(action.token), t));
    return true;
  } catch (error) {
    toast(captureErrorToast(error, t));
    return false;
  }
}
