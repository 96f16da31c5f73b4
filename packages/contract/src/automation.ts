// The customer automation API (n8n and other integrators): snake_case inputs as the spec names them,
// camelCase answers, bearer token auth.
import { Balance, RequestCredits, TaskCredits, UrlText } from './common.ts';
import { IMAGE_SIZES, LIMITS, OUTPUT_FORMATS } from './constants.ts';
import { IdempotencyHeaders } from './idempotency.ts';
import { AspectRatioText, BatchIdText, GENERATION_TYPES, ImageCount, TaskIdText } from './studio.ts';
import { z } from './zod.ts';

const HttpUrl = z
  .url({ protocol: /^https?$/, error: 'Must be a valid http(s) address' })
  .max(2048)
  .openapi({ example: 'https://images.example.com/cat.png' });

const Prompt = z
  .string()
  .trim()
  .min(1, 'Prompt is required')
  .max(5000, 'Prompt must be at most 5000 characters')
  .describe('What to create, or how to edit the images.')
  .openapi({ example: 'A banana astronaut floating above the Earth, studio light' });

const ImageSize = z
  .enum(IMAGE_SIZES)
  .default('auto')
  .describe('Aspect ratio of the result: auto, 1:1 (1024x1024), 3:4 (672x896), 4:3 (896x672), 9:16 (576x1024) or 16:9 (1024x576).')
  .openapi({ example: '16:9' });

const OutputFormat = z.enum(OUTPUT_FORMATS).default('png').describe('png (default) or jpeg.').openapi({ example: 'png' });

const CallbackUrl = z
  .url({ protocol: /^https?$/, error: 'Must be a valid http(s) address' })
  .max(2048)
  .optional()
  .describe(
    'Optional public http(s) address that receives the status answer as a signed JSON POST when the task ends, or at the moments chosen in `callbackEvents` (n8n: `{{$execution.resumeUrl}}` of a Wait node). Private and loopback addresses are refused unless the operator allows their network.',
  )
  .openapi({ example: 'https://n8n.example.com/webhook-waiting/1234' });

export const CALLBACK_EVENTS = ['started', 'completed', 'failed'] as const;

const CallbackEvents = z
  .array(z.enum(CALLBACK_EVENTS))
  .min(1, 'Choose at least one event')
  .max(3)
  .refine((events) => new Set(events).size === events.length, 'Each event at most once')
  .default(['completed', 'failed'])
  .describe(
    'Which moments of the task `callbackUrl` receives: `started` (the provider took it; `status` is `processing`), `completed`, `failed`. Default: completed and failed.',
  )
  .openapi({ example: ['started', 'completed', 'failed'] });

/** A submission's body: the task's own `input`, then where and when to call back (the same for every kind). */
const submitBody = <Input extends z.ZodType>(name: string, input: Input, meta: { description: string; example: object }) =>
  z.object({ input, callbackUrl: CallbackUrl, callbackEvents: CallbackEvents }).openapi(name, meta);

export const AutomationGenerateBody = submitBody(
  'AutomationGenerateBody',
  z
    .object({ prompt: Prompt, image_size: ImageSize, output_format: OutputFormat, n: ImageCount })
    .describe('What to generate.')
    .openapi({ example: { prompt: 'A banana astronaut floating above the Earth', image_size: '16:9', output_format: 'png' } }),
  {
    description: 'Text to image.',
    example: { input: { prompt: 'A banana astronaut floating above the Earth', image_size: '16:9', output_format: 'png' } },
  },
);
export type AutomationGenerateBody = z.infer<typeof AutomationGenerateBody>;

export const AutomationEditBody = submitBody(
  'AutomationEditBody',
  z
    .object({
      prompt: Prompt,
      image_urls: z
        .array(HttpUrl)
        .min(1, 'At least one image is required')
        .max(LIMITS.maxReferenceImages, 'At most 5 images')
        .describe('1 to 5 public http(s) addresses of PNG, JPEG or WebP images of at most 10 MB each; we fetch and store them first.')
        .openapi({ example: ['https://images.example.com/cat.png'] }),
      image_size: ImageSize,
      output_format: OutputFormat,
      n: ImageCount,
    })
    .describe('What to edit and how.')
    .openapi({
      example: {
        prompt: 'Give the cat a red scarf',
        image_urls: ['https://images.example.com/cat.png'],
        image_size: 'auto',
        output_format: 'png',
      },
    }),
  {
    description: 'Edit from 1 to 5 reference images.',
    example: {
      input: {
        prompt: 'Give the cat a red scarf',
        image_urls: ['https://images.example.com/cat.png'],
        image_size: 'auto',
        output_format: 'png',
      },
      callbackUrl: 'https://n8n.example.com/webhook-waiting/1234',
    },
  },
);
export type AutomationEditBody = z.infer<typeof AutomationEditBody>;

export const AutomationUpscaleBody = submitBody(
  'AutomationUpscaleBody',
  z
    .object({
      image_url: HttpUrl.describe('Public http(s) address of the PNG, JPEG or WebP image (at most 10 MB) to upscale.'),
      scale_ratio: z
        .union([z.literal(2), z.literal(3), z.literal(4), z.enum(['2', '3', '4'])])
        .default(2)
        .describe('2, 3 or 4 (number or text).')
        .openapi({ example: 4 }),
      face_enhancement: z.boolean().default(false).describe('Enhance faces while upscaling.').openapi({ example: false }),
    })
    .describe('What to upscale.')
    .openapi({ example: { image_url: 'https://images.example.com/cat.png', scale_ratio: 4, face_enhancement: false } }),
  {
    description: 'Upscale one image x2, x3 or x4.',
    example: { input: { image_url: 'https://images.example.com/cat.png', scale_ratio: 4, face_enhancement: false } },
  },
);
export type AutomationUpscaleBody = z.infer<typeof AutomationUpscaleBody>;

export const AUTOMATION_STATUSES = ['processing', 'completed', 'failed'] as const;

export const AutomationTaskStatus = z
  .object({
    success: z.boolean().describe('False when the task failed.').openapi({ example: true }),
    status: z.enum(AUTOMATION_STATUSES).describe('processing until the task ends.').openapi({ example: 'completed' }),
    imageUrl: UrlText.nullable()
      .describe('Completed: the stored result (for an upscale, the HD image). Null otherwise.')
      .openapi({ example: 'https://studio.example.com/files/results/tsk_5f1c2a7e9b/0.png' }),
    taskId: TaskIdText.describe('Our task id.'),
    prompt: z
      .string()
      .max(LIMITS.promptMax)
      .describe('The prompt (for an upscale, e.g. `Upscale x4`).')
      .openapi({ example: 'A banana astronaut floating above the Earth' }),
    aspectRatio: AspectRatioText.describe('Aspect ratio of the result.').openapi({ example: '16:9' }),
    creditsUsed: TaskCredits('Credits charged for the task.', 4),
    error: z.string().max(LIMITS.taskErrorMax).nullable().describe('Failed: why. Null otherwise.').openapi({ example: null }),
    creditsRefunded: TaskCredits('Failed: the credits returned to you; 0 otherwise.', 0),
    isFavourite: z.boolean().describe('Starred by you in the studio.').openapi({ example: false }),
  })
  .openapi('AutomationTaskStatus', {
    description: 'Where a task stands; also the body of the callback POST.',
    example: {
      success: true,
      status: 'completed',
      imageUrl: 'https://studio.example.com/files/results/tsk_5f1c2a7e9b/0.png',
      taskId: 'tsk_5f1c2a7e9b',
      prompt: 'A banana astronaut floating above the Earth',
      aspectRatio: '16:9',
      creditsUsed: 4,
      error: null,
      creditsRefunded: 0,
      isFavourite: false,
    },
  });
export type AutomationTaskStatus = z.infer<typeof AutomationTaskStatus>;

const STATUS_URL_EXAMPLE = 'https://studio.example.com/api/n8n/image-status/tsk_5f1c2a7e9b';

/** One image of a request: its own task, status address and (with `Prefer: wait`) where it stood. */
const AutomationBatchTask = z
  .object({
    taskId: TaskIdText.describe('The task of this image.'),
    statusUrl: z.string().max(2200).describe("This task's status address.").openapi({ example: STATUS_URL_EXAMPLE }),
    result: AutomationTaskStatus.optional().describe('Only with `Prefer: wait=N`: where this task stood when the answer was sent.'),
  })
  .openapi('AutomationBatchTask');

export const AutomationSubmitted = z
  .object({
    success: z.literal(true).describe('Always true: the task was accepted and charged.').openapi({ example: true }),
    taskId: TaskIdText.describe('Our task id: poll `GET /api/n8n/image-status/{taskId}`.'),
    creditsUsed: RequestCredits('Credits charged (API prices), for all the images asked for with `n`.', 4),
    remainingCredits: Balance('Your balance after the charge.', 96),
    type: z.enum(GENERATION_TYPES).describe('What kind of task was queued.').openapi({ example: 'text_to_image' }),
    statusUrl: z
      .string()
      .max(2200)
      .describe("The task's status address (also in `Location`): GET it with the same token until `status` is not `processing`.")
      .openapi({ example: STATUS_URL_EXAMPLE }),
    result: AutomationTaskStatus.optional().describe(
      'Only when the request asked `Prefer: wait=N`: where the task stood when the answer was sent (200 when it had ended, 202 when it was still processing after N seconds).',
    ),
    batchId: BatchIdText.nullable()
      .optional()
      .describe(
        "With `n` > 1: the shared id of the request's tasks (`creditsUsed` is then the charge of all of them); null for one image.",
      ),
    tasks: z
      .array(AutomationBatchTask)
      .min(1)
      .max(LIMITS.maxImagesPerRequest)
      .optional()
      .describe(
        'Every task of the request in order (one per image asked for with `n`; the first is `taskId`), each with its own status address. With `Prefer: wait=N` the answer is 200 once all of them ended.',
      ),
  })
  .openapi('AutomationSubmitted', {
    description: 'The task is queued; it is refunded automatically if it fails.',
    example: {
      success: true,
      taskId: 'tsk_5f1c2a7e9b',
      creditsUsed: 4,
      remainingCredits: 96,
      type: 'text_to_image',
      statusUrl: STATUS_URL_EXAMPLE,
    },
  });
export type AutomationSubmitted = z.infer<typeof AutomationSubmitted>;

export const AutomationBalance = z
  .object({
    userId: z.string().max(100).describe("The token owner's id.").openapi({ example: 'b6f0c1de-2a4b-4c1e-9d55-1f0b7c2e8a41' }),
    username: z.string().max(100).describe("The token owner's username.").openapi({ example: 'alice' }),
    credits: Balance('Credits left.', 96),
  })
  .openapi('AutomationBalance', {
    description: "Who the token belongs to and the credits left: a cheap call to test a token (an n8n credential's test).",
    example: { userId: 'b6f0c1de-2a4b-4c1e-9d55-1f0b7c2e8a41', username: 'alice', credits: 96 },
  });
export type AutomationBalance = z.infer<typeof AutomationBalance>;

export const AutomationTaskParams = z.object({
  taskId: z.string().min(1).max(100).describe('The task id from the submission answer.').openapi({ example: 'tsk_5f1c2a7e9b' }),
});

/** Submissions take an optional Idempotency-Key (as every create call) and an optional `Prefer: wait=N` (RFC 7240). */
export const SubmitHeaders = IdempotencyHeaders.extend({
  prefer: z
    .string()
    .max(200)
    .optional()
    .describe(
      'Optional `wait=N` (1 to 60): hold the answer until the task ends or N seconds pass, so a simple client needs no polling. An ended task answers 200 with `result`; otherwise 202 as usual. `Preference-Applied` says when it was honoured.',
    )
    .openapi({ example: 'wait=30' }),
});

/** The n8n workflow templates served at `GET /api/n8n/templates/{file}` (sources in `openapi/n8n/`). */
export const N8N_TEMPLATES = ['generate-callback.json', 'generate-polling.json'] as const;

export const N8nTemplateParams = z.object({
  file: z
    .enum(N8N_TEMPLATES)
    .describe('generate-callback.json (Wait node resumed by our callback) or generate-polling.json (polls the status every 10 s).')
    .openapi({ example: 'generate-callback.json' }),
});

export const N8nWorkflow = z
  .looseObject({
    name: z.string().max(200).describe('Workflow name shown in n8n.').openapi({ example: 'Nano Banana: generate an image (callback)' }),
    nodes: z.array(z.looseObject({})).max(50).describe('n8n nodes; the HTTP Request nodes already point at this server.'),
    connections: z.record(z.string(), z.unknown()).describe('How the nodes are wired.'),
  })
  .openapi('N8nWorkflow', {
    description: 'An n8n workflow to import (Workflows > Import from File); only the Bearer credential needs choosing.',
    example: { name: 'Nano Banana: generate an image (callback)', nodes: [], connections: {} },
  });
export type N8nWorkflow = z.infer<typeof N8nWorkflow>;

/** What a delivery reports: a task's moments, and the account's low-balance alert. */
export const DELIVERY_EVENTS = [...CALLBACK_EVENTS, 'balance.low'] as const;

export const WEBHOOK_DELIVERY_STATES = ['waiting', 'delivered', 'failed', 'skipped'] as const;

export const WebhookDeliveryItem = z
  .object({
    id: z
      .string()
      .max(36)
      .describe('The delivery id, sent as `webhook-id` on every attempt.')
      .openapi({ example: '2f9c1d3e-5b7a-4c2e-9f10-3a4b5c6d7e8f' }),
    taskId: z
      .string()
      .max(40)
      .nullable()
      .describe('The task it reports on; null for an account event (`balance.low`).')
      .openapi({ example: 'tsk_5f1c2a7e9b' }),
    event: z
      .enum(DELIVERY_EVENTS)
      .describe('The moment it reports: a task event, or `balance.low` (the low-balance alert).')
      .openapi({ example: 'completed' }),
    url: z.string().max(2048).describe('Where it is sent.').openapi({ example: 'https://n8n.example.com/webhook-waiting/1234' }),
    tokenName: z.string().max(100).describe('The token whose secret signs it.').openapi({ example: 'n8n' }),
    state: z
      .enum(WEBHOOK_DELIVERY_STATES)
      .describe('waiting (not due yet, or retrying), delivered, failed (gave up), skipped (the task ended the other way).')
      .openapi({ example: 'delivered' }),
    attempts: z.number().int().min(0).max(100).describe('Attempts made.').openapi({ example: 1 }),
    responseCode: z
      .number()
      .int()
      .min(100)
      .max(599)
      .nullable()
      .describe("The receiver's HTTP status at the last attempt; null without an answer.")
      .openapi({ example: 200 }),
    error: z.string().max(2000).nullable().describe('Why the last attempt failed.').openapi({ example: null }),
    createdAt: z.string().max(30).describe('When it was recorded (ISO 8601).').openapi({ example: '2026-11-25T10:00:00.000Z' }),
    deliveredAt: z.string().max(30).nullable().describe('When a receiver accepted it.').openapi({ example: '2026-11-25T10:00:12.000Z' }),
  })
  .openapi('WebhookDelivery', { description: 'One callback of one task event, or of a low-balance alert.' });
export type WebhookDeliveryItem = z.infer<typeof WebhookDeliveryItem>;

export const WebhookDeliveryList = z
  .object({ deliveries: z.array(WebhookDeliveryItem).max(50).describe('Newest first, at most 50.') })
  .openapi('WebhookDeliveryList', { description: "The signed-in user's recent callbacks." });

export const WebhookDeliveryParams = z.object({
  id: z.uuid().max(36).describe('The delivery id.').openapi({ example: '2f9c1d3e-5b7a-4c2e-9f10-3a4b5c6d7e8f' }),
});
