import { LIMITS } from './constants.ts';
import { IdempotencyHeaders, REPLAYED_HEADERS, withIdempotencyProblems } from './idempotency.ts';
import { defineRoute, type ProblemExample, type RouteDef } from './route.ts';
import {
  GenerateImageBody,
  ImageTask,
  ImageTaskIdParams,
  ImageTaskList,
  ImageTaskListQuery,
  KieCallbackAck,
  KieCallbackBody,
  ProxyImageQuery,
  TaskSubmitted,
  UploadImagesBody,
  UploadImagesResponse,
  UpscaleImageBody,
} from './studio.ts';
import { z } from './zod.ts';

const TOO_MANY_TASKS: ProblemExample = {
  code: 'too_many_tasks',
  title: 'Too many tasks in progress',
  detail: 'You can have at most 4 images in progress. Wait for one to finish.',
  retryable: true,
};
const STUDIO_BUSY: ProblemExample = {
  code: 'studio_busy',
  title: 'Image generation is busy',
  detail: 'Too many images are waiting to start. Nothing was charged; try again in a moment.',
  retryable: true,
};
const NO_PROVIDER: ProblemExample = {
  code: 'no_provider',
  title: 'Image generation is unavailable',
  detail: 'No image provider is available right now. Try again later.',
  retryable: true,
};

/** What a submission answers beyond the generic problems. */
const submitExamples = (firstField: { pointer: string; detail: string }): RouteDef['problemExamples'] => ({
  400: [{ code: 'validation_failed', title: 'Validation failed', detail: 'Invalid request body.', errors: [firstField] }],
  429: [TOO_MANY_TASKS],
  503: [NO_PROVIDER, STUDIO_BUSY],
});

export const uploadImages = defineRoute({
  method: 'post',
  path: '/api/upload-images',
  operationId: 'uploadImages',
  summary: 'Upload reference images',
  description:
    'Checks each image by its bytes (PNG, JPEG or WebP), size (10 MB) and pixel count, and stores it under a name nobody can guess. Nothing is stored unless every image passes; each refused image gets a pointer such as `/body/images/2` (413 when one is too large, else 400). While the file storage cannot be reached: 503 `storage_unavailable` with `Retry-After`, and nothing is stored.',
  tags: ['Studio'],
  role: 'user',
  request: { body: UploadImagesBody, headers: IdempotencyHeaders },
  responses: { 201: { description: 'Stored.', schema: UploadImagesResponse, headers: REPLAYED_HEADERS } },
  ...withIdempotencyProblems([413, 429, 503], {
    400: [
      {
        code: 'invalid_image',
        title: 'Invalid image',
        detail: 'An image could not be accepted.',
        errors: [{ pointer: '/body/images/0', detail: 'Only PNG, JPEG and WebP images are accepted.' }],
      },
    ],
    413: [
      {
        code: 'upload_quota_exceeded',
        title: 'Upload storage full',
        detail:
          'Your uploads use 198 MB of 200 MB. Uploads no task used are deleted after a day; try again later or upload smaller images.',
      },
    ],
    429: [{ code: 'rate_limited', title: 'Too many requests', detail: 'Too many uploads. Try again in a few minutes.', retryable: true }],
    503: [
      {
        code: 'storage_unavailable',
        title: 'File storage unavailable',
        detail: 'The file storage cannot be reached right now. Nothing was stored; try again in a moment.',
        retryable: true,
      },
    ],
  }),
});

export const generateImage = defineRoute({
  method: 'post',
  path: '/api/generate-image',
  operationId: 'generateImage',
  summary: 'Create or edit an image',
  description:
    'Charges the studio cost (text or edit) and queues the task; it is sent to the provider in the background. A task that fails or runs out of time is refunded exactly once. 402 `insufficient_credits` when the balance is too low, 429 `too_many_tasks` while too many of your tasks are in progress, 503 `no_provider` when no provider account is available, 503 `studio_busy` (with `Retry-After`, nothing charged) while more tasks wait to start than can start within their time limit.',
  tags: ['Studio'],
  role: 'user',
  request: { body: GenerateImageBody, headers: IdempotencyHeaders },
  responses: { 202: { description: 'Accepted; poll the task list.', schema: TaskSubmitted, headers: REPLAYED_HEADERS } },
  ...withIdempotencyProblems([402, 429, 503], submitExamples({ pointer: '/body/prompt', detail: 'Prompt is required' })),
});

export const upscaleImage = defineRoute({
  method: 'post',
  path: '/api/upscale-image',
  operationId: 'upscaleImage',
  summary: 'Upscale an image x2, x3 or x4',
  description:
    "Charges the upscale cost and queues the task. When the source is the result of one of your completed tasks, that task's `hdImageUrl` is set once the upscale completes. Same problems as `generateImage`.",
  tags: ['Studio'],
  role: 'user',
  request: { body: UpscaleImageBody, headers: IdempotencyHeaders },
  responses: { 202: { description: 'Accepted; poll the task list.', schema: TaskSubmitted, headers: REPLAYED_HEADERS } },
  ...withIdempotencyProblems([402, 429, 503], submitExamples({ pointer: '/body/imageUrl', detail: 'Must be a valid http(s) address' })),
});

export const listImageTasks = defineRoute({
  method: 'get',
  path: '/api/image-tasks',
  operationId: 'listImageTasks',
  summary: 'Your image tasks',
  description: 'Newest first within the last `days` days. Answers `304` to `If-None-Match` when nothing changed, so polling is cheap.',
  tags: ['Studio'],
  role: 'user',
  request: {
    query: ImageTaskListQuery,
    headers: z.object({ 'if-none-match': z.string().max(200).optional().describe('ETag of the last answer.') }),
  },
  responses: {
    200: {
      description: 'A page of tasks.',
      schema: ImageTaskList,
      headers: {
        ETag: {
          description: 'Validator for If-None-Match: a quoted hash.',
          schema: { type: 'string', maxLength: 40, pattern: '^"[^"]*"$' },
        },
      },
    },
    304: { description: 'Not modified since the given ETag.' },
  },
  problems: [404],
});

export const favouriteImageTask = defineRoute({
  method: 'put',
  path: '/api/image-tasks/{taskId}/favourite',
  operationId: 'favouriteImageTask',
  summary: 'Star one of your tasks',
  description:
    "Sets `isFavourite`; starring a starred task changes nothing and answers the same. Another user's task answers 404, as if it did not exist.",
  tags: ['Studio'],
  role: 'user',
  request: { params: ImageTaskIdParams },
  responses: { 200: { description: 'The task as it is now.', schema: ImageTask } },
  problems: [404],
});

export const unfavouriteImageTask = defineRoute({
  method: 'delete',
  path: '/api/image-tasks/{taskId}/favourite',
  operationId: 'unfavouriteImageTask',
  summary: 'Remove the star from one of your tasks',
  description: "Clears `isFavourite`; idempotent like the `PUT`. Another user's task answers 404.",
  tags: ['Studio'],
  role: 'user',
  request: { params: ImageTaskIdParams },
  responses: { 200: { description: 'The task as it is now.', schema: ImageTask } },
  problems: [404],
});

export const runImageTaskAgain = defineRoute({
  method: 'post',
  path: '/api/image-tasks/{taskId}/run-again',
  operationId: 'runImageTaskAgain',
  summary: 'Run one of your tasks again, exactly',
  description:
    "Submits a new task with the same request as the given one (kind, prompt, references, aspect ratio, size, format, seed, scale, face enhancement), whatever became of it, at today's studio price. The references must still be stored (400 naming each one that is gone). Another user's task answers 404. Otherwise as `generateImage`.",
  tags: ['Studio'],
  role: 'user',
  request: { params: ImageTaskIdParams, headers: IdempotencyHeaders },
  responses: { 202: { description: 'Accepted; the new task is in the list.', schema: TaskSubmitted, headers: REPLAYED_HEADERS } },
  ...withIdempotencyProblems(
    [402, 404, 429, 503],
    submitExamples({ pointer: '/task/inputImageUrls/0', detail: 'The image is no longer stored.' }),
  ),
});

export const proxyImage = defineRoute({
  method: 'get',
  path: '/api/proxy-image',
  operationId: 'proxyImage',
  summary: 'Fetch an image for download or upscale',
  description:
    "Only from our own storage and the provider's result hosts; never private addresses; no redirects; size and time capped. 403 `url_not_allowed` for any other address, 404 for a missing stored file, 502 when the host fails or answers something that is not an image.",
  tags: ['Studio'],
  role: 'user',
  request: { query: ProxyImageQuery },
  responses: {
    200: { description: 'The image bytes (PNG, JPEG or WebP), at most 32 MB.', contentType: 'image/*', maxBytes: LIMITS.proxyMaxBytes },
  },
  problems: [403, 404, 502],
  problemExamples: {
    403: [{ code: 'url_not_allowed', title: 'Address not allowed', detail: 'This address points somewhere the proxy does not go.' }],
  },
});

export const kieCallback = defineRoute({
  method: 'post',
  path: '/api/kie/callback',
  operationId: 'kieCallback',
  summary: 'Task callback from KIE',
  description:
    'Called by KIE when a task ends. When a webhook HMAC key is configured, `X-Webhook-Timestamp` and `X-Webhook-Signature` must be valid (401 otherwise). The body is never trusted: the task is re-checked with KIE. Unknown tasks are acknowledged too.',
  tags: ['Studio'],
  role: 'anonymous',
  request: { body: KieCallbackBody },
  responses: { 200: { description: 'Acknowledged.', schema: KieCallbackAck } },
  problems: [401],
  problemExamples: {
    401: [{ code: 'invalid_signature', title: 'Invalid signature', detail: 'The callback signature is missing or wrong.' }],
  },
});

export const studioRoutes = [
  uploadImages,
  generateImage,
  upscaleImage,
  listImageTasks,
  favouriteImageTask,
  unfavouriteImageTask,
  runImageTaskAgain,
  proxyImage,
  kieCallback,
] as const;
