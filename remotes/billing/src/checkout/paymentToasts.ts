// What the buyer is told when starting or finishing a payment goes wrong or right (spec 000 §8, 001 §8).
import { ApiError } from '@app/api-client';
import type { Translate } from '@app/i18n';
import type { ToastContent } from '@app/ui';

/** The server's own problem, when it sent one (not a bare status the client had to describe). */
function serverProblem(error: unknown) {
  return error instanceof ApiError && error.problem.code !== 'http_error' ? error.problem : undefined;
}

/** Card checkout failed: the server's error with its suggestion, else the generic text. */
export function cardCheckoutErrorToast(error: unknown, t: Translate): ToastContent {
  const problem = serverProblem(error);
  if (problem) return { variant: 'error', title: problem.title, description: problem.detail };
  return { variant: 'error', title: t('billing.checkoutFailed') };
}

/** A PayPal call failed: "HTTP error! status: {code}" plus the server's explanation when there is one. */
export function paypalErrorToast(error: unknown, t: Translate): ToastContent {
  if (error instanceof ApiError) {
    const detail = serverProblem(error)?.detail;
    const status = t('billing.paypalHttpError', { code: error.status });
    return { variant: 'error', title: t('billing.paypalFailedTitle'), description: detail ? `${status}. ${detail}` : status };
  }
  const description = error instanceof Error && error.message ? error.message : undefined;
  return { variant: 'error', title: t('billing.paypalFailedTitle'), description };
}

/** The order after a capture: paid, held for review, or (unexpectedly) not paid. */
export function captureResultToast(order: { status: string; credits: number }, t: Translate): ToastContent {
  if (order.status === 'paid')
    return {
      variant: 'success',
      title: t('billing.paymentSuccessTitle'),
      description: t('billing.paymentSuccessCredits', { count: order.credits }),
    };
  if (order.status === 'pending')
    return { variant: 'warning', title: t('billing.paymentPendingTitle'), description: t('billing.paymentPendingBody') };
  return { variant: 'error', title: t('billing.paymentFailedTitle'), description: t('billing.paymentFailedBody') };
}

/** A capture the server refused: a declined or mismatching payment is a failed payment, anything else an HTTP error. */
export function captureErrorToast(error: unknown, t: Translate): ToastContent {
  if (error instanceof ApiError && error.status === 422)
    return { variant: 'error', title: t('billing.paymentFailedTitle'), description: t('billing.paymentFailedBody') };
  return paypalErrorToast(error, t);
}

/** The `payment` parameter a provider (or an older link) brought the buyer back with. */
export type ReturnStatus = 'success' | 'failed' | 'cancelled';

export function returnStatusToast(status: ReturnStatus, t: Translate): ToastContent {
  if (status === 'success')
    return { variant: 'success', title: t('billing.paymentSuccessTitle'), description: t('billing.paymentSuccessBody') };
  if (status === 'cancelled')
    return { variant: 'info', title: t('billing.paymentCancelledTitle'), description: t('billing.paymentCancelledBody') };
  return { variant: 'error', title: t('billing.paymentFailedTitle'), description: t('billing.paymentFailedBody') };
}
