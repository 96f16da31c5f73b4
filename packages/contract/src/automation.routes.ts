import {
  AutomationBalance,
  AutomationEditBody,
  AutomationGenerateBody,
  AutomationSubmitted,
  AutomationTaskParams,
  AutomationTaskStatus,
  AutomationUpscaleBody,
  N8nTemplateParams,
  N8nWorkflow,
  SubmitHeaders,
  WebhookDeliveryItem,
  WebhookDeliveryList,
  WebhookDeliveryParams,
} from './automation.ts';
import { REPLAYED_HEADERS, withIdempotencyProblems } from './idempotency.ts';
import { defineRoute, type ProblemExample, type RouteDef } from './route.ts';
import type { z } from './zod.ts';

const RATE_LIMITED: ProblemExample = {
  code: 'rate_limited',
  title: 'Too many requests',
  detail: 'Too many automation requests for this token. Try again in a minute.',
  retryable: true,
};

/** What the submissions answer beyond the generic problems. */
const submitExamples = (firstField: { pointer: string; detail: string }, imagePointer = ''): RouteDef['problemExamples'] => ({
  400: [{ code: 'validation_failed', title: 'Validation failed', detail: 'Invalid request body.', errors: [firstField] }],
  413: [
    {
      code: 'image_too_large',
      title: 'Image too large',
      detail: 'An image is larger than 10 MB.',
      errors: [{ pointer: imagePointer, detail: 'The response is larger than 10485760 bytes.' }],
    },
  ],
  402: [
    {
      code: 'insufficient_credits',
      title: 'Insufficient credits',
      detail: 'You need 4 credits and have 1.',
    },
    { code: 'token_cap_reached', title: 'Token spending cap reached', detail: 'This token has spent its cap of 500 credits in all.' },
  ],
  429: [
    RATE_LIMITED,
    {
      code: 'token_cap_reached',
      title: 'Token spending cap reached',
      detail: 'This token has spent 200 of its 200 credits for today (UTC); it may spend again in 3600 s.',
      retryable: true,
    },
    {
      code: 'too_many_tasks',
      title: 'Too many tasks in progress',
      detail: 'You can have at most 4 images in progress. Wait for one to finish.',
      retryable: true,
    },
  ],
  503: [
    {
      code: 'no_provider',
      title: 'Image generation is unavailable',
      detail: 'No image provider is available right now. Try again later.',
      retryable: true,
    },
    {
      code: 'storage_unavailable',
      title: 'File storage unavailable',
      detail: 'The file storage cannot be reached right now. Nothing was stored; try again in a moment.',
      retryable: true,
    },
    {
      code: 'studio_busy',
      title: 'Image generation is busy',
      detail: 'Too many images are waiting to start. Nothing was charged; try again in a moment.',
      retryable: true,
    },
  ],
});

const SUBMITTED_HEADERS = {
  Location: {
    description: "The task's status address (the same as `statusUrl`).",
    schema: { type: 'string', maxLength: 2200, format: 'uri' },
  },
  'Preference-Applied': { description: '`wait=N` when `Prefer: wait=N` was honoured.', schema: { type: 'string', maxLength: 10 } },
  ...REPLAYED_HEADERS,
} as const;

/** 202 queued; 200 when `Prefer: wait=N` saw the task end. */
const SUBMITTED = {
  202: { description: 'Queued.', schema: AutomationSubmitted, headers: SUBMITTED_HEADERS },
  200: {
    description: 'Ended while the answer waited (`Prefer: wait=N`); `result` holds its status.',
    schema: AutomationSubmitted,
    headers: SUBMITTED_HEADERS,
  },
};

const SUBMIT_PROBLEMS =
  "Charged at the API prices; a task that fails or times out is refunded exactly once. 401 for a missing, wrong or disabled token; 402 `insufficient_credits` or `token_cap_reached` (the token's total cap) with nothing charged; 429 `rate_limited` (per token, with `Retry-After`), `token_cap_reached` (its daily cap, with `Retry-After`) or `too_many_tasks`; 503 `no_provider`, `studio_busy` (with `Retry-After`, nothing charged) while more tasks wait to start than can start in time, or `storage_unavailable` (with `Retry-After`, nothing charged) while the file storage cannot be reached.";

/** A submission: POST with an `Idempotency-Key`, answered 202 (or 200 under `Prefer: wait=N`), charged at the API prices. */
const submitRoute = <const Id extends string, const Body extends z.ZodType>(route: {
  path: string;
  operationId: Id;
  summary: string;
  description: string;
  body: Body;
  problems: number[];
  problemExamples: RouteDef['problemExamples'];
}) =>
  defineRoute({
    method: 'post',
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    description: `${route.description} ${SUBMIT_PROBLEMS}`,
    tags: ['Automation'],
    role: 'token',
    request: { body: route.body, headers: SubmitHeaders },
    responses: SUBMITTED,
    ...withIdempotencyProblems(route.problems, route.problemExamples),
  });

export const automationGenerate = submitRoute({
  path: '/api/n8n/generate',
  operationId: 'automationGenerate',
  summary: 'Text to image',
  description: 'Queues a text-to-image task and answers 202 at once; poll the status or pass `callbackUrl`.',
  body: AutomationGenerateBody,
  problems: [402, 429, 503],
  problemExamples: submitExamples({ pointer: '/body/input/prompt', detail: 'Prompt is required' }),
});

export const automationEditImage = submitRoute({
  path: '/api/n8n/edit-image',
  operationId: 'automationEditImage',
  summary: 'Edit images',
  description:
    'Fetches the 1 to 5 `image_urls` (public addresses only, PNG/JPEG/WebP checked by their bytes, 10 MB each), stores them, then queues the edit and answers 202. A refused image is a 400 with a pointer such as `/body/input/image_urls/1`.',
  body: AutomationEditBody,
  problems: [402, 413, 429, 503],
  problemExamples: submitExamples(
    { pointer: '/body/input/image_urls', detail: 'At least one image is required' },
    '/body/input/image_urls/0',
  ),
});

export const automationUpscale = submitRoute({
  path: '/api/n8n/upscale',
  operationId: 'automationUpscale',
  summary: 'Upscale an image',
  description: 'Fetches and stores `image_url` (public addresses only, PNG/JPEG/WebP, 10 MB), then queues the upscale and answers 202.',
  body: AutomationUpscaleBody,
  problems: [402, 413, 429, 503],
  problemExamples: submitExamples({ pointer: '/body/input/image_url', detail: 'Must be a valid http(s) address' }, '/body/input/image_url'),
});

export const automationImageStatus = defineRoute({
  method: 'get',
  path: '/api/n8n/image-status/{taskId}',
  operationId: 'automationImageStatus',
  summary: 'Task status',
  description:
    "processing, completed (with `imageUrl`) or failed (with `error` and `creditsRefunded`). Only your own tasks: another user's task id is a 404. Rate limited per token like the submissions.",
  tags: ['Automation'],
  role: 'token',
  request: { params: AutomationTaskParams },
  responses: { 200: { description: 'The task.', schema: AutomationTaskStatus } },
  problems: [404, 429],
  problemExamples: {
    400: [
      {
        code: 'validation_failed',
        title: 'Validation failed',
        detail: 'Invalid request params.',
        errors: [{ pointer: '/params/taskId', detail: 'Too big: expected string to have <=100 characters' }],
      },
    ],
    404: [{ code: 'not_found', title: 'Not found', detail: 'No task of yours has this id.' }],
    429: [RATE_LIMITED],
  },
});

export const n8nTemplate = defineRoute({
  method: 'get',
  path: '/api/n8n/templates/{file}',
  operationId: 'n8nTemplate',
  summary: 'Download an n8n workflow template',
  description:
    'A ready-to-import n8n workflow whose HTTP Request nodes already point at this server: [generate-callback.json](/api/n8n/templates/generate-callback.json) submits with `callbackUrl: {{$execution.resumeUrl}}` and a Wait node (On Webhook Call, POST) resumes when the image is ready; [generate-polling.json](/api/n8n/templates/generate-polling.json) polls the status every 10 s. Choose your Bearer credential (an API token) after importing.',
  tags: ['Automation'],
  role: 'anonymous',
  request: { params: N8nTemplateParams },
  responses: {
    200: {
      description: 'The workflow, as a download.',
      schema: N8nWorkflow,
      headers: {
        'Content-Disposition': { description: '`attachment; filename="<file>"`.', schema: { type: 'string', maxLength: 100 } },
      },
    },
  },
});

export const automationBalance = defineRoute({
  method: 'get',
  path: '/api/n8n/balance',
  operationId: 'automationBalance',
  summary: 'Token owner and balance',
  description:
    "Who the token belongs to and the credits left. Cheap (no task, no charge): use it to test a token, as the n8n node's credential and the MCP server's `get_balance` do. Rate limited per token like the submissions.",
  tags: ['Automation'],
  role: 'token',
  responses: { 200: { description: 'The owner and balance.', schema: AutomationBalance } },
  problems: [429],
  problemExamples: { 429: [RATE_LIMITED] },
});

export const automationRoutes = [
  automationGenerate,
  automationEditImage,
  automationUpscale,
  automationImageStatus,
  automationBalance,
  n8nTemplate,
] as const;

export const listWebhookDeliveries = defineRoute({
  method: 'get',
  path: '/api/webhook-deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'Recent callbacks',
  description: "The signed-in user's 50 most recent callback deliveries, with their state and the receiver's answer.",
  tags: ['Automation'],
  role: 'user',
  responses: { 200: { description: 'The deliveries.', schema: WebhookDeliveryList } },
});

export const redeliverWebhook = defineRoute({
  method: 'post',
  path: '/api/webhook-deliveries/{id}/redeliver',
  operationId: 'redeliverWebhook',
  summary: 'Send a callback again',
  description:
    'Queues one more attempt of a delivered, failed or skipped callback with the same `webhook-id` (receivers dedupe on it), signed anew. 404 for a delivery that is not yours; 409 `conflict` while it is still waiting.',
  tags: ['Automation'],
  role: 'user',
  request: { params: WebhookDeliveryParams },
  responses: { 202: { description: 'Queued again.', schema: WebhookDeliveryItem } },
  problems: [409],
});

export const webhookDeliveryRoutes = [listWebhookDeliveries, redeliverWebhook] as const;
