// The MCP server's tools (`/mcp`, Streamable HTTP, bearer token): their inputs are the automation API's fields, and
// their structured answers the automation API's status, balance and prices, so an agent sees what an integrator sees.
import {
  AutomationBalance,
  AutomationEditBody,
  AutomationGenerateBody,
  AutomationTaskStatus,
  AutomationUpscaleBody,
} from './automation.ts';
import { LIMITS } from './constants.ts';
import { z } from './zod.ts';

/** The longest a tool call waits for its image before answering with the task id (then call get_task). */
export const MCP_MAX_WAIT_SECONDS = 60;

const generateInput = AutomationGenerateBody.shape.input;
const editInput = AutomationEditBody.shape.input;
const upscaleInput = AutomationUpscaleBody.shape.input;

const waitFields = {
  wait_seconds: z
    .number()
    .int()
    .min(0)
    .max(MCP_MAX_WAIT_SECONDS)
    .default(50)
    .describe(
      `How long to wait for the image (0 to ${MCP_MAX_WAIT_SECONDS} s); if it is not done by then, the answer has the task id for get_task.`,
    ),
  preview: z
    .boolean()
    .default(false)
    .describe('Return a thumbnail-sized image instead of the full one (the resource link is always the full file).'),
};

/** An image given to a tool: a public http(s) address, or the bytes as base64. */
export const McpImageInput = z.union([
  z.object({
    url: z
      .url({ protocol: /^https?$/ })
      .max(LIMITS.urlMax)
      .describe('A public http(s) address of a PNG, JPEG or WebP image.'),
  }),
  z.object({
    data: z
      .string()
      .max(Math.ceil(LIMITS.maxImageBytes / 3) * 4)
      .describe('The image as base64 (PNG, JPEG or WebP, at most 10 MB).'),
  }),
]);

export const McpGenerateInput = z.object({ ...generateInput.shape, ...waitFields });
export const McpEditInput = z.object({
  prompt: editInput.shape.prompt,
  images: z.array(McpImageInput).min(1).max(LIMITS.maxReferenceImages).describe('1 to 5 reference images.'),
  image_size: editInput.shape.image_size,
  output_format: editInput.shape.output_format,
  n: editInput.shape.n,
  ...waitFields,
});
export const McpUpscaleInput = z.object({
  image: McpImageInput,
  scale_ratio: z
    .union([z.literal(2), z.literal(3), z.literal(4)])
    .default(2)
    .describe('2, 3 or 4.'),
  face_enhancement: upscaleInput.shape.face_enhancement,
  ...waitFields,
});
export const McpGetTaskInput = z.object({
  task_id: z.string().min(1).max(100).describe('The task id a tool answered.'),
  preview: waitFields.preview,
});
export const McpListTasksInput = z.object({ limit: z.number().int().min(1).max(50).default(10).describe('How many, newest first.') });

export const McpTaskOutput = AutomationTaskStatus.extend({
  tasks: z
    .array(AutomationTaskStatus)
    .max(LIMITS.maxImagesPerRequest)
    .optional()
    .describe('With `n` > 1: every image of the request in order (the first is the status above), each refunded on its own if it failed.'),
});
export const McpTaskListOutput = z.object({ tasks: z.array(AutomationTaskStatus).max(50) });
export const McpBalanceOutput = AutomationBalance;
export const McpPricesOutput = z.object({
  text_to_image: z.number().int().min(0).max(LIMITS.costMax).describe('Credits per text-to-image task (API price).'),
  edit_image: z.number().int().min(0).max(LIMITS.costMax).describe('Credits per edit (API price).'),
  upscale: z.number().int().min(0).max(LIMITS.costMax).describe('Credits per upscale.'),
});

/** The tools that take nothing. */
export const McpNoInput = z.object({});
