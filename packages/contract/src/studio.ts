import { Balance, Count, Id, PageNumber, RequestCredits, TaskCredits, Timestamp, UrlText } from './common.ts';
import { ASPECT_RATIOS, IMAGE_SIZES, LIMITS, OUTPUT_FORMATS } from './constants.ts';
import { z } from './zod.ts';

export const TASK_STATUSES = ['pending', 'generating', 'completed', 'failed'] as const;
export const MODELS = ['nano_banana', 'nano_banana_edit', 'nano_banana_upscale'] as const;
export const GENERATION_TYPES = ['text_to_image', 'edit_image', 'upscale'] as const;
export const CREATED_VIA = ['web', 'api', 'n8n'] as const;

const ImageUrl = z
  .url({ protocol: /^https?$/, error: 'Must be a valid http(s) address' })
  .max(LIMITS.urlMax)
  .openapi({ example: 'https://studio.example.com/files/uploads/Zk3q9.png' });

/** Our public task id: `tsk_` and random characters, at most 40 (the column's size). */
export const TaskIdText = z.string().max(40).openapi({ example: 'tsk_5f1c2a7e9b' });

/** An aspect ratio as stored: one of `ASPECT_RATIOS`, or what an upscale inherited (at most 10 characters). */
export const AspectRatioText = z.string().max(10).openapi({ example: '1:1' });

/** One request's several images (`n` > 1): `bat_` and random characters. */
export const BatchIdText = z.string().max(40).openapi({ example: 'bat_Q2x9fLw0' });

/** Images asked for in one request, each its own task and charge. */
export const ImageCount = z
  .number({ error: 'n must be a whole number from 1 to 4' })
  .int('n must be a whole number from 1 to 4')
  .min(1, 'n must be from 1 to 4')
  .max(LIMITS.maxImagesPerRequest, 'n must be from 1 to 4')
  .default(1)
  .describe(
    'Images to make, 1 to 4: each is its own task, charged (and refunded on failure) on its own, all charged at once or not at all.',
  )
  .openapi({ example: 1 });

/** Why a task failed, as its `failureCause` names it. */
export const FAILURE_CAUSES = ['timed_out', 'no_provider', 'provider_lost', 'failed', 'provider'] as const;

export const ImageTask = z
  .object({
    id: Id,
    taskId: TaskIdText.describe('Our public task id (also used by the automation API).'),
    prompt: z
      .string()
      .max(LIMITS.promptMax)
      .describe('The prompt or instructions.')
      .openapi({ example: 'A banana astronaut, studio light' }),
    inputImageUrls: z.array(UrlText).max(LIMITS.maxReferenceImages).describe('Reference images (edit) or the source image (upscale).'),
    model: z.enum(MODELS).describe('Model used.').openapi({ example: 'nano_banana' }),
    generationType: z.enum(GENERATION_TYPES).describe('What kind of task.').openapi({ example: 'text_to_image' }),
    aspectRatio: AspectRatioText.describe('Aspect ratio of the result.'),
    scaleRatio: z.number().int().min(2).max(4).nullable().describe('Upscale factor, for upscale tasks.').openapi({ example: null }),
    faceEnhancement: z.boolean().describe('Face enhancement requested (upscale).').openapi({ example: false }),
    outputFormat: z.enum(OUTPUT_FORMATS).describe('Image format of the result.').openapi({ example: 'png' }),
    imageSize: z.enum(IMAGE_SIZES).describe('Requested image size.').openapi({ example: 'auto' }),
    seeds: z.number().int().min(LIMITS.seedMin).max(LIMITS.seedMax).nullable().describe('Seed, when given.').openapi({ example: null }),
    enableFallback: z.boolean().describe('Fallback option as submitted.').openapi({ example: false }),
    status: z.enum(TASK_STATUSES).describe('pending and generating are in progress.').openapi({ example: 'completed' }),
    resultUrls: z.array(UrlText).max(LIMITS.maxResultImages).describe('Result images, stored by us.'),
    thumbnailUrl: UrlText.nullable().describe('A small preview of the first result, for grids.'),
    hdImageUrl: UrlText.nullable().describe('The upscaled version of this image, once an upscale of it completed.'),
    errorMessage: z.string().max(LIMITS.taskErrorMax).nullable().describe('Why the task failed, in English.').openapi({ example: null }),
    failureCause: z
      .enum(FAILURE_CAUSES)
      .nullable()
      .describe(
        "Why the task failed, for wording it in the reader's language: `timed_out`, `no_provider`, `provider_lost`, `failed`, or `provider` when `errorMessage` is the provider's own text. Null unless failed.",
      )
      .openapi({ example: null }),
    creditsUsed: TaskCredits('Credits charged for this task.', 2),
    createdVia: z.enum(CREATED_VIA).describe('Where the task came from.').openapi({ example: 'web' }),
    refunded: z.boolean().describe('Whether the credits were refunded (failed tasks).').openapi({ example: false }),
    isFavourite: z
      .boolean()
      .describe('Starred by its owner (`PUT` / `DELETE /api/image-tasks/{taskId}/favourite`).')
      .openapi({ example: false }),
    refundedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    completedAt: Timestamp.nullable(),
    batchId: BatchIdText.nullable().describe('Shared by the tasks of one request for several images (`n` 2 to 4); null for one image.'),
  })
  .openapi('ImageTask', { description: 'One image task of the signed-in user.' });
export type ImageTask = z.infer<typeof ImageTask>;

/** A calendar day in a search's date range. */
const SearchDay = z.iso.date({ error: 'Must be a day as YYYY-MM-DD' }).max(10).openapi({ example: '2026-11-01' });

export const ImageTaskListQuery = z.object({
  page: PageNumber,
  limit: z.coerce.number().int().min(1).max(50).default(20).describe('Tasks per page (1 to 50).').openapi({ example: 20 }),
  days: z.coerce.number().int().min(1).max(90).default(14).describe('Only tasks created in the last N days.').openapi({ example: 14 }),
  favourite: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1')
    .describe('`true` (or `1`): only your starred tasks.')
    .openapi({ example: 'true' }),
  q: z
    .string()
    .trim()
    .max(LIMITS.searchMax)
    .optional()
    .describe(
      'Words to find in the prompt, ignoring case: each word of letters and digits must begin a word of the prompt (`astro` finds astronaut); any other word (`100%`, `cute_face`) must appear anywhere in it. At most 8 words are used.',
    )
    .openapi({ example: 'banana astronaut' }),
  type: z.enum(GENERATION_TYPES).optional().describe('Only tasks of this kind.').openapi({ example: 'edit_image' }),
  status: z.enum(TASK_STATUSES).optional().describe('Only tasks in this status.').openapi({ example: 'completed' }),
  via: z.enum(CREATED_VIA).optional().describe('Only tasks that came from here (`createdVia`).').openapi({ example: 'api' }),
  scope: z
    .enum(['recent', 'all'])
    .default('recent')
    .describe('`recent`: only the last `days` days (the default); `all`: the whole history.')
    .openapi({ example: 'all' }),
  from: SearchDay.optional().describe('Only tasks created on or after this day (UTC, `YYYY-MM-DD`).'),
  to: SearchDay.optional().describe('Only tasks created on or before this day (UTC, `YYYY-MM-DD`).'),
  board: z
    .uuid({ error: 'Must be a board id' })
    .max(36)
    .optional()
    .describe('Only tasks on this board of yours (another id answers 404).')
    .openapi({ example: '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10' }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe(
      '`nextCursor` of the previous answer: the page after it (then `page` is not used). Opaque; keep the other parameters the same.',
    )
    .openapi({ example: 'eyJhIjoiMjAyNi0xMS0yOCAxMjowMDowMCswMCIsImkiOiIuLi4ifQ' }),
});
export type ImageTaskListQuery = z.infer<typeof ImageTaskListQuery>;

export const ImageTaskIdParams = z.object({ taskId: TaskIdText.describe('The public task id.') }).openapi('ImageTaskIdParams');
export type ImageTaskIdParams = z.infer<typeof ImageTaskIdParams>;

export const ImageTaskList = z
  .object({
    tasks: z.array(ImageTask).max(50).describe('Newest first.'),
    total: Count('Tasks matching the window, for paging.', 42),
    totalCapped: z
      .boolean()
      .describe(
        `true when a search (any parameter beyond page, limit, days and favourite) stopped counting at ${LIMITS.searchCountCap.toLocaleString('en')} matches: \`total\` is then that number and more match.`,
      )
      .openapi({ example: false }),
    nextCursor: z
      .string()
      .max(200)
      .nullable()
      .describe('Pass as `cursor` for the next page (stable however many tasks arrive meanwhile); null on the last page.')
      .openapi({ example: null }),
  })
  .openapi('ImageTaskList');
export type ImageTaskList = z.infer<typeof ImageTaskList>;

export const UploadImagesBody = z
  .object({
    images: z
      .array(z.string().max(15_000_000).describe('A `data:image/png|jpeg|webp;base64,...` URL of at most 10 MB.'))
      .min(1, 'At least one image is required')
      .max(LIMITS.maxReferenceImages, 'At most 5 images')
      .describe('The images to upload.'),
  })
  .openapi('UploadImagesBody');
export type UploadImagesBody = z.infer<typeof UploadImagesBody>;

export const UploadImagesResponse = z
  .object({ urls: z.array(UrlText).max(LIMITS.maxReferenceImages).describe('Where each uploaded image is stored, in order.') })
  .openapi('UploadImagesResponse');
export type UploadImagesResponse = z.infer<typeof UploadImagesResponse>;

export const GenerateImageBody = z
  .object({
    prompt: z
      .string()
      .trim()
      .min(1, 'Prompt is required')
      .max(5000, 'Prompt must be at most 5000 characters')
      .describe('What to create, or how to edit.')
      .openapi({ example: 'A banana astronaut, studio light' }),
    inputImageUrls: z
      .array(ImageUrl)
      .max(LIMITS.maxReferenceImages, 'At most 5 reference images')
      .default([])
      .describe(
        "Reference images for edit, 1 to 5: addresses from `POST /api/upload-images`, results of your tasks, or files on the provider's result hosts.",
      ),
    model: z
      .enum(['nano_banana', 'nano_banana_edit'])
      .default('nano_banana')
      .describe('nano_banana for text to image, nano_banana_edit for edit.'),
    generationType: z.enum(['text_to_image', 'edit_image']).default('text_to_image').describe('What to do.'),
    aspectRatio: z.enum(ASPECT_RATIOS).default('1:1').describe('Aspect ratio of the result.'),
    outputFormat: z.enum(OUTPUT_FORMATS).default('png').describe('png (recommended) or jpeg.'),
    imageSize: z.enum(IMAGE_SIZES).default('auto').describe('Image size; auto follows the aspect ratio.'),
    seeds: z
      .number()
      .int()
      .min(LIMITS.seedMin, 'Seed must be between 10000 and 99999')
      .max(LIMITS.seedMax, 'Seed must be between 10000 and 99999')
      .optional()
      .describe('Optional seed, 10000 to 99999.'),
    enableFallback: z.boolean().default(false).describe('Fallback option.'),
    n: ImageCount,
  })
  .openapi('GenerateImageBody');
export type GenerateImageBody = z.infer<typeof GenerateImageBody>;

export const UpscaleImageBody = z
  .object({
    imageUrl: ImageUrl.describe(
      "The image to upscale: one of our stored files (an upload or a result) or a file on the provider's result hosts.",
    ),
    scaleRatio: z
      .union([z.enum(['2', '3', '4']), z.literal(2), z.literal(3), z.literal(4)])
      .default('2')
      .describe('2, 3 or 4 (text or number).'),
    faceEnhancement: z.boolean().default(false).describe('Enhance faces while upscaling.'),
  })
  .openapi('UpscaleImageBody');
export type UpscaleImageBody = z.infer<typeof UpscaleImageBody>;

export const TaskSubmitted = z
  .object({
    task: ImageTask,
    creditsUsed: RequestCredits('Credits charged (for all the images asked for with `n`).', 2),
    remainingCredits: Balance('Balance after the charge.', 98),
    taskIds: z
      .array(TaskIdText)
      .min(1)
      .max(LIMITS.maxImagesPerRequest)
      .optional()
      .describe('Every task of the request in order, the first being `task` (one per image asked for with `n`).'),
    batchId: BatchIdText.nullable()
      .optional()
      .describe("The tasks' shared `batchId` when `n` > 1; null for one image. `creditsUsed` is then the charge of all of them."),
  })
  .openapi('TaskSubmitted');
export type TaskSubmitted = z.infer<typeof TaskSubmitted>;

export const ProxyImageQuery = z.object({
  url: z
    .string()
    .max(LIMITS.urlMax)
    .describe("An image address of ours or of the provider's result hosts.")
    .openapi({ example: 'https://studio.example.com/files/results/tsk_1/0.png' }),
});

export const KieCallbackBody = z
  .looseObject({
    code: z.number().optional().describe('KIE status code of the task.'),
    msg: z.string().max(2000).nullish().describe('KIE message.'),
    data: z
      .looseObject({
        taskId: z.string().max(200).optional().describe("KIE's task id."),
        state: z.string().max(50).nullish().describe('Not trusted: the state is re-read from KIE.'),
      })
      .optional(),
  })
  .openapi('KieCallbackBody', {
    description: 'What KIE posts when a task ends. Only the task id is read; the outcome is fetched again from KIE.',
  });
export type KieCallbackBody = z.infer<typeof KieCallbackBody>;

export const KieCallbackAck = z
  .object({ received: z.literal(true).describe('The callback was accepted (the task is re-checked with KIE).') })
  .openapi('KieCallbackAck');
export type KieCallbackAck = z.infer<typeof KieCallbackAck>;
