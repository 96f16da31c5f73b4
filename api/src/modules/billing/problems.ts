// Problems the payment routes answer, in one place so their codes stay stable for the UI.
import { HttpProblem } from '../../errors.ts';

/** 503: the admin has not enabled (or not fully configured) this payment method. */
export const paymentMethodUnavailable = (method: 'Card payment' | 'PayPal') =>
  new HttpProblem({
    status: 503,
    code: 'payment_method_unavailable',
    title: 'Payment method unavailable',
    detail: `${method} is currently unavailable. Please contact support.`,
  });

/** 502: the provider failed or could not be reached; nothing was charged by us, the buyer may try again. */
export const providerFailed = (provider: 'Creem' | 'PayPal', cause: unknown) =>
  new HttpProblem({
    status: 502,
    code: 'payment_provider_failed',
    title: 'Payment provider failed',
    detail: `${provider} did not answer as expected. Please try again in a moment.`,
    retryable: true,
    cause,
  });

/** 401 for a webhook whose signature is missing or wrong. */
export const invalidWebhookSignature = () =>
  new HttpProblem({ status: 401, code: 'invalid_signature', title: 'Invalid signature', detail: 'The webhook signature does not match.' });

/** 400 for a return URL whose signature is missing or wrong. */
export const invalidReturnSignature = () =>
  new HttpProblem({
    status: 400,
    code: 'invalid_signature',
    title: 'Invalid signature',
    detail: 'This payment return link is not signed by the payment provider.',
  });

/** 422: the provider's payment does not match the order (amount, currency, product or order id). */
export const paymentMismatch = (detail: string) =>
  new HttpProblem({ status: 422, code: 'payment_mismatch', title: 'Payment does not match the order', detail });

/** 422: a webhook names an order we do not have (or one of another provider). */
export const unknownOrder = () =>
  new HttpProblem({
    status: 422,
    code: 'unknown_order',
    title: 'Unknown order',
    detail: 'The event does not belong to any order of ours.',
  });
