// The answers of a repeated Idempotency-Key (RFC 9457), the same for every create call.
import { HttpProblem } from '../../errors.ts';

/** 422: the Idempotency-Key was used before with another request. */
export const idempotencyKeyReused = () =>
  new HttpProblem({
    status: 422,
    code: 'idempotency_key_reused',
    title: 'Idempotency key reused',
    detail: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  });

/** 409: the first request with this Idempotency-Key is still running. */
export const idempotencyInProgress = () =>
  new HttpProblem({
    status: 409,
    code: 'idempotency_in_progress',
    title: 'Request in progress',
    detail: 'A request with this Idempotency-Key is still being processed. Retry shortly to get its answer.',
    retryable: true,
    headers: { 'Retry-After': '1' },
  });
