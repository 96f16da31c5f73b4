// The studio's own problem answers (RFC 9457), on top of the shared factories in errors.ts.
import type { FieldError } from '@app/contract';
import { HttpProblem } from '../../errors.ts';

/** 402: the balance does not cover the task; nothing was written. */
export const insufficientCredits = (cost: number, balance: number) =>
  new HttpProblem({
    status: 402,
    code: 'insufficient_credits',
    title: 'Insufficient credits',
    detail: `This costs ${cost} credits and your balance is ${balance}.`,
  });

/** 429: the user already has the most tasks in progress that one user may have. */
export const tooManyTasks = (limit: number) =>
  new HttpProblem({
    status: 429,
    code: 'too_many_tasks',
    title: 'Too many tasks in progress',
    detail: `You can have at most ${limit} images in progress. Wait for one to finish.`,
    retryable: true,
    headers: { 'Retry-After': '5' },
  });

/**
 * 503: more tasks wait to start at the provider than can start within their time limit; nothing was charged.
 * Refused at once rather than accepted, charged, left waiting and refunded at the time limit.
 */
export const studioBusy = () =>
  new HttpProblem({
    status: 503,
    code: 'studio_busy',
    title: 'Image generation is busy',
    detail: 'Too many images are waiting to start. Nothing was charged; try again in a moment.',
    retryable: true,
    headers: { 'Retry-After': '10' },
  });

/** 503: no provider can take tasks (production without an enabled KIE account). */
export const noProvider = () =>
  new HttpProblem({
    status: 503,
    code: 'no_provider',
    title: 'Image generation is unavailable',
    detail: 'No image provider is available right now. Try again later.',
    retryable: true,
  });

/** 400 with one pointer per refused image address. */
export const invalidImageUrls = (errors: FieldError[]) =>
  new HttpProblem({ status: 400, code: 'validation_failed', title: 'Validation failed', detail: 'Invalid request body.', errors });

/** 400/413 with one pointer per refused upload; 413 when any image is too large. */
export const invalidUploads = (errors: FieldError[], tooLarge: boolean) =>
  tooLarge
    ? new HttpProblem({
        status: 413,
        code: 'image_too_large',
        title: 'Image too large',
        detail: 'An image is larger than 10 MB.',
        errors,
      })
    : new HttpProblem({ status: 400, code: 'invalid_image', title: 'Invalid image', detail: 'An image could not be accepted.', errors });

/** 403: the proxy does not fetch this address. */
export const urlNotAllowed = (detail = 'This address cannot be fetched.') =>
  new HttpProblem({ status: 403, code: 'url_not_allowed', title: 'Address not allowed', detail });

/** 401: a provider callback without a valid signature. */
export const invalidSignature = () =>
  new HttpProblem({
    status: 401,
    code: 'invalid_signature',
    title: 'Invalid signature',
    detail: 'The callback signature is missing or wrong.',
  });

/** 413: the user's stored uploads would go over their quota; nothing of the batch was stored. */
export const uploadQuotaExceeded = (usedBytes: number, quotaBytes: number) =>
  new HttpProblem({
    status: 413,
    code: 'upload_quota_exceeded',
    title: 'Upload storage full',
    detail: `Your uploads use ${Math.round(usedBytes / 1024 / 1024)} MB of ${Math.round(quotaBytes / 1024 / 1024)} MB. Uploads no task used are deleted after a day; try again later or upload smaller images.`,
  });

/**
 * 409: a task still being made holds a charge that may yet be refunded (its failure refunds it automatically), so it
 * cannot be deleted or refunded by hand until it ends.
 */
export const taskInProgress = (taskId: string) =>
  new HttpProblem({
    status: 409,
    code: 'task_in_progress',
    title: 'Task in progress',
    detail: `${taskId} is still being made; try again once it is done (a failure is refunded automatically).`,
  });

/** 409: what was asked needs the task's image, and the task has none (yet): `detail` says what could not be done. */
export const taskNotCompleted = (detail: string) =>
  new HttpProblem({ status: 409, code: 'task_not_completed', title: 'Task not completed', detail });
