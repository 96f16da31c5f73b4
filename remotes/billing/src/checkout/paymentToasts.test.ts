import { ApiError } from '@app/api-client';
import { loadMessages, translate } from '@app/i18n';
import { describe, expect, it } from 'vitest';
import { captureErrorToast, captureResultToast, cardCheckoutErrorToast, paypalErrorToast, returnStatusToast } from './paymentToasts.ts';

await loadMessages('en', ['billing']);
const t = (key: Parameters<typeof translate>[1], vars?: Parameters<typeof translate>[2]) => translate('en', key, vars);

const serverProblem = (status: number, code: string, title: string, detail?: string) =>
  new ApiError({ type: `/problems/${code}`, title, message: detail ?? title, status, detail, code, retryable: false });
// What the client makes of an error answer without a problem body.
const bareStatus = (status: number) =>
  new ApiError({ type: 'about:blank', title: `${status}: `, message: `${status}: `, status, code: 'http_error', retryable: true });

describe('payment toasts', () => {
  it("shows the card checkout's server error with its suggestion, else the generic text", () => {
    const problem = serverProblem(
      503,
      'payment_method_unavailable',
      'Payment method unavailable',
      'Card payment is currently unavailable. Please contact support.',
    );
    expect(cardCheckoutErrorToast(problem, t)).toEqual({
      variant: 'error',
      title: 'Payment method unavailable',
      description: 'Card payment is currently unavailable. Please contact support.',
    });
    expect(cardCheckoutErrorToast(bareStatus(500), t)).toEqual({ variant: 'error', title: 'Failed to create checkout session' });
    expect(cardCheckoutErrorToast(new TypeError('Failed to fetch'), t)).toEqual({
      variant: 'error',
      title: 'Failed to create checkout session',
    });
  });

  it('reports PayPal failures as HTTP errors with the server detail when there is one', () => {
    expect(paypalErrorToast(bareStatus(502), t).description).toBe('HTTP error! status: 502');
    expect(paypalErrorToast(serverProblem(503, 'payment_method_unavailable', 'Unavailable', 'PayPal is off.'), t).description).toBe(
      'HTTP error! status: 503. PayPal is off.',
    );
  });

  it('turns a capture into success, pending or failure', () => {
    expect(captureResultToast({ status: 'paid', credits: 500 }, t)).toMatchObject({
      variant: 'success',
      title: 'Payment Successful!',
      description: '500 credits have been added to your account.',
    });
    expect(captureResultToast({ status: 'pending', credits: 500 }, t)).toMatchObject({ variant: 'warning', title: 'Payment pending' });
    expect(captureResultToast({ status: 'failed', credits: 500 }, t)).toMatchObject({ variant: 'error', title: 'Payment Failed' });
    expect(captureErrorToast(serverProblem(422, 'payment_declined', 'Declined'), t)).toMatchObject({
      title: 'Payment Failed',
      description: 'There was an issue with your payment. Please try again.',
    });
    expect(captureErrorToast(bareStatus(502), t)).toMatchObject({ title: 'PayPal payment failed', description: 'HTTP error! status: 502' });
  });

  it('names the three return states', () => {
    expect(returnStatusToast('success', t).title).toBe('Payment Successful!');
    expect(returnStatusToast('failed', t)).toMatchObject({
      title: 'Payment Failed',
      description: 'There was an issue with your payment. Please try again.',
    });
    expect(returnStatusToast('cancelled', t).title).toBe('Payment Cancelled');
  });
});
