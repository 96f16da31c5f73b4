// The automation API's own problem answers (RFC 9457), on top of the shared and studio ones.
import type { FieldError } from '@app/contract';
import { HttpProblem } from '../../errors.ts';

/** 400/413: an image address could not be fetched or is not an acceptable image; one pointer per address. */
export const invalidInputImages = (errors: FieldError[], tooLarge: boolean) =>
  tooLarge
    ? new HttpProblem({ status: 413, code: 'image_too_large', title: 'Image too large', detail: 'An image is larger than 10 MB.', errors })
    : new HttpProblem({ status: 400, code: 'invalid_image', title: 'Invalid image', detail: 'An image could not be used.', errors });

/** 400: the callback address is not a public http(s) address. */
export const invalidCallbackUrl = (detail: string) =>
  new HttpProblem({
    status: 400,
    code: 'validation_failed',
    title: 'Validation failed',
    detail: 'Invalid request body.',
    errors: [{ pointer: '/body/callbackUrl', detail }],
  });

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
