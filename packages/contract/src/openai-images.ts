// The OpenAI-compatible images API (`/v1`): OpenAI's own field names and answer shape, so agent and chat front-ends
// (Open WebUI, LibreChat, n8n's OpenAI node, the official SDKs) can call us with a custom base URL.
import { LIMITS } from './constants.ts';
import { z } from './zod.ts';

/** How long a `/v1` call waits for its image before answering 504 `task_still_running` (a retry with the same key resumes). */
export const OPENAI_WAIT_SECONDS = 120;

/** The model ids `/v1/models` lists; OpenAI's own image model names are accepted as aliases of the first. */
export const OPENAI_MODELS = ['nano-banana'] as const;
export const OPENAI_MODEL_ALIASES = ['gpt-image-1', 'gpt-image-1-mini', 'gpt-image-1.5', 'dall-e-2', 'dall-e-3'] as const;

/** Sizes accepted, each mapped to one of our aspect ratios (`auto` keeps ours). Anything else is a 400. */
export const OPENAI_SIZE_RATIOS = {
  auto: 'auto',
  '256x256': '1:1',
  '512x512': '1:1',
  '1024x1024': '1:1',
  '1536x1024': '4:3',
  '1024x1536': '3:4',
  '896x672': '4:3',
  '672x896': '3:4',
  '1792x1024': '16:9',
  '1024x1792': '9:16',
  '1024x576': '16:9',
  '576x1024': '9:16',
} as const;
export type OpenAISize = keyof typeof OPENAI_SIZE_RATIOS;
const SIZES = Object.keys(OPENAI_SIZE_RATIOS) as [OpenAISize, ...OpenAISize[]];

/** Unix seconds up to the year 2100. */
const UNIX_SECONDS_MAX = 4_102_444_800;

const IGNORED = 'Accepted for compatibility and ignored.';

const Model = z
  .enum([...OPENAI_MODELS, ...OPENAI_MODEL_ALIASES])
  .default('nano-banana')
  .describe(`\`nano-banana\` (see \`GET /v1/models\`); OpenAI's image model names (${OPENAI_MODEL_ALIASES.join(', ')}) are aliases of it.`)
  .openapi({ example: 'nano-banana' });

const Prompt = z.string().trim().min(1, 'Prompt is required').max(LIMITS.promptMax).describe('What to create, or how to edit the images.');

const Size = z
  .enum(SIZES)
  .default('auto')
  .describe(
    'auto, 1024x1024, 1536x1024 (as 4:3), 1024x1536 (as 3:4), 512x512 and 256x256 (as 1:1), 1792x1024 (as 16:9), 1024x1792 (as 9:16), or our own 896x672, 672x896, 1024x576, 576x1024. Anything else is a 400.',
  )
  .openapi({ example: '1024x1024' });

const OutputFormat = z.enum(['png', 'jpeg']).default('png').describe('png (default) or jpeg; webp is refused (400).');

const ResponseFormat = z
  .enum(['b64_json', 'url'])
  .default('b64_json')
  .describe('`b64_json` (default): the image in the answer; `url`: the address of our stored file (kept like any result).');

/** `n`: each image is its own task, all charged at once. */
const Count = z
  .number()
  .int()
  .min(1)
  .max(LIMITS.maxImagesPerRequest, `n must be from 1 to ${LIMITS.maxImagesPerRequest}`)
  .default(1)
  .describe(
    `Images to make, 1 to ${LIMITS.maxImagesPerRequest}: each is its own task and charge; the answer has one \`data\` item per image.`,
  );

const common = {
  model: Model,
  prompt: Prompt,
  n: Count,
  size: Size,
  output_format: OutputFormat,
  response_format: ResponseFormat,
  background: z.enum(['auto', 'transparent', 'opaque']).nullish().describe(IGNORED),
  quality: z.enum(['auto', 'high', 'medium', 'low', 'hd', 'standard']).nullish().describe(IGNORED),
  output_compression: z.number().int().min(0).max(100).nullish().describe(IGNORED),
  moderation: z.enum(['auto', 'low']).nullish().describe(IGNORED),
  style: z.enum(['vivid', 'natural']).nullish().describe(IGNORED),
  user: z.string().max(200).nullish().describe(IGNORED),
};

export const OpenAIImageGenerateBody = z
  .object({ ...common, stream: z.literal(false).nullish().describe('Streaming is not supported: only false.') })
  .openapi('OpenAIImageGenerateBody', {
    description: "OpenAI's `images.generate` request.",
    example: { model: 'nano-banana', prompt: 'A red fox in snow', size: '1024x1024', response_format: 'b64_json' },
  });
export type OpenAIImageGenerateBody = z.infer<typeof OpenAIImageGenerateBody>;

/** A multipart file part: the server reads it as bytes (PNG, JPEG or WebP, at most 10 MB). */
const ImageFile = z
  .string()
  .max(Math.ceil(LIMITS.maxImageBytes / 3) * 4)
  .openapi({
    type: 'string',
    format: 'binary',
    maxLength: LIMITS.maxImageBytes,
    description: 'A PNG, JPEG or WebP file of at most 10 MB.',
  });

const numberField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value !== '' ? Number(value) : value), schema);

export const OpenAIImageEditBody = z
  .object({
    ...common,
    n: numberField(Count),
    output_compression: numberField(common.output_compression),
    image: z
      .union([ImageFile, z.array(ImageFile).max(LIMITS.maxReferenceImages)])
      .optional()
      .describe('One reference image, or several.'),
    'image[]': z
      .array(ImageFile)
      .max(LIMITS.maxReferenceImages)
      .optional()
      .describe(`Several reference images, as the official SDKs send them; with \`image\`, at most ${LIMITS.maxReferenceImages} in all.`),
    mask: ImageFile.optional().describe(IGNORED),
    input_fidelity: z.enum(['high', 'low']).nullish().describe(IGNORED),
  })
  .openapi('OpenAIImageEditBody', {
    description: "OpenAI's `images.edit` request (multipart/form-data): 1 to 5 reference images and the prompt.",
  });
export type OpenAIImageEditBody = z.infer<typeof OpenAIImageEditBody>;

export const OpenAIImagesResponse = z
  .object({
    created: z.number().int().min(0).max(UNIX_SECONDS_MAX).describe('When the image was made (Unix seconds).'),
    data: z
      .array(
        z.object({
          b64_json: z.string().max(20_000_000).optional().describe('`response_format: b64_json`: the image, base64.'),
          url: z.string().max(LIMITS.urlMax).optional().describe('`response_format: url`: our stored file.'),
          revised_prompt: z.string().max(LIMITS.promptMax).optional().describe('The prompt as used.'),
        }),
      )
      .max(LIMITS.maxImagesPerRequest)
      .describe('One item per image asked for with `n`, in order.'),
    output_format: z.enum(['png', 'jpeg']).describe('The format of the image.'),
    size: z.string().max(20).describe("The result's size class, e.g. 1024x1024."),
    usage: z
      .object({
        input_tokens: z.number().int().min(0).max(0),
        output_tokens: z.number().int().min(0).max(0),
        total_tokens: z.number().int().min(0).max(0),
        credits_used: z
          .number()
          .int()
          .min(0)
          .max(LIMITS.costMax * LIMITS.maxImagesPerRequest)
          .describe('Credits charged (API prices), for all the images.'),
      })
      .describe('Tokens are always 0 (we charge credits, not tokens); `credits_used` is what the call cost.'),
  })
  .openapi('OpenAIImagesResponse', {
    description: "OpenAI's images answer.",
    example: {
      created: 1_767_225_600,
      data: [{ b64_json: 'iVBORw0KGgo...', revised_prompt: 'A red fox in snow' }],
      output_format: 'png',
      size: '1024x1024',
      usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0, credits_used: 4 },
    },
  });
export type OpenAIImagesResponse = z.infer<typeof OpenAIImagesResponse>;

export const OpenAIModelList = z
  .object({
    object: z.literal('list'),
    data: z
      .array(
        z.object({
          id: z.string().max(50),
          object: z.literal('model'),
          created: z.number().int().min(0).max(UNIX_SECONDS_MAX),
          owned_by: z.string().max(50),
        }),
      )
      .max(10),
  })
  .openapi('OpenAIModelList', {
    description: 'What `model` may name.',
    example: { object: 'list', data: [{ id: 'nano-banana', object: 'model', created: 1_767_225_600, owned_by: 'studio' }] },
  });
export type OpenAIModelList = z.infer<typeof OpenAIModelList>;

export const OpenAIError = z
  .object({
    error: z.object({
      message: z.string().max(2000).describe("Our problem's detail."),
      type: z
        .string()
        .max(50)
        .describe('invalid_request_error, authentication_error, permission_error, insufficient_quota, rate_limit_error or server_error.'),
      param: z.string().max(200).nullable().describe('The field at fault, when one is.'),
      code: z.string().max(100).nullable().describe("Our problem's code (e.g. `insufficient_credits`)."),
    }),
  })
  .openapi('OpenAIError', {
    description: "OpenAI's error body, carrying our problem's code and detail.",
    example: { error: { message: 'Not enough credits.', type: 'insufficient_quota', param: null, code: 'insufficient_credits' } },
  });
export type OpenAIError = z.infer<typeof OpenAIError>;
