// The automation API's own problem answers (RFC 9457), on top of the shared and studio ones.
import type { FieldError } from '@app/contract';
import { HttpProblem } from '../../errors.ts';

/** 400/413: an image address could not be fetched or is not an acceptable image; one pointer per address. */
export const invalidInputImages = (errors: FieldError[], tooLarge: boolean) =>
  tooLarge
    ? new HttpProblem({ status: 413, code: 'image_too_large', title: 'Image too large', detail: 'An image is larger than 10 MB.', errors })
    : new HttpProblem({ status: 400, code: 'invalid_image', title: 'Invalid image', detail: 'An image could not be used.', errors });

/** 400: the callback address is neither public nor in the operator's allowed networks (or is not http(s)). */
export const invalidCallbackUrl = (detail: string, blockedPrivate = false) =>
  new HttpProblem({
    status: 400,
    code: 'validation_failed',
    title: 'Validation failed',
    detail: 'Invalid request body.',
    errors: [
      {
        pointer: '/body/callbackUrl',
        // Self-hosted n8n lives on private addresses: say who can open them.
        detail: blockedPrivate
          ? `${detail.replace(/\.$/, '')}. A private address needs the server operator to list its network in CALLBACK_ALLOWED_NETWORKS`
          : detail,
      },
    ],
  });
