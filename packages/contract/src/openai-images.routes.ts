import { IdempotencyHeaders, REPLAYED_HEADERS, withIdempotencyProblems } from './idempotency.ts';
import {
  OPENAI_WAIT_SECONDS,
  OpenAIImageEditBody,
  OpenAIImageGenerateBody,
  OpenAIImagesResponse,
  OpenAIModelList,
} from './openai-images.ts';
import { defineRoute } from './route.ts';

const TAG = 'OpenAI-compatible';

const IMAGES_ANSWER = {
  200: { description: "The image, in OpenAI's shape.", schema: OpenAIImagesResponse, headers: REPLAYED_HEADERS },
} as const;

const HOW = `Bearer API token (\`nbk_...\`) as the API key. Charged at the API prices and shown in your history as API; a failed task is refunded (502 \`generation_failed\`). The call waits up to ${OPENAI_WAIT_SECONDS} s for the image; if it is not done by then, 504 \`task_still_running\` names the task, and the same request with the same \`Idempotency-Key\` resumes waiting for it without a second charge. The official clients retry 408/409/429/5xx by themselves but send no \`Idempotency-Key\`: pass one (openai-node: \`{ headers: { 'Idempotency-Key': '...' } }\` as request options) so a retry is never charged twice; without one, a 504 carries \`x-should-retry: false\`. Errors are OpenAI's body \`{"error":{"message","type","param","code"}}\` with our status and code (402 \`insufficient_credits\`, 429 \`rate_limited\`...).`;

const PROBLEMS = withIdempotencyProblems([402, 413, 429, 502, 503, 504]);

export const openaiListModels = defineRoute({
  method: 'get',
  path: '/v1/models',
  operationId: 'openaiListModels',
  summary: 'Models',
  description: 'What `model` may name in the images calls.',
  tags: [TAG],
  role: 'token',
  errorFormat: 'openai',
  responses: { 200: { description: 'The models.', schema: OpenAIModelList } },
  problems: [429],
});

export const openaiGenerateImage = defineRoute({
  method: 'post',
  path: '/v1/images/generations',
  operationId: 'openaiGenerateImage',
  summary: 'Create an image (OpenAI images.generate)',
  description: `Text to image with OpenAI's request and answer. ${HOW}`,
  tags: [TAG],
  role: 'token',
  errorFormat: 'openai',
  request: { body: OpenAIImageGenerateBody, headers: IdempotencyHeaders },
  responses: IMAGES_ANSWER,
  ...PROBLEMS,
});

export const openaiEditImage = defineRoute({
  method: 'post',
  path: '/v1/images/edits',
  operationId: 'openaiEditImage',
  summary: 'Edit images (OpenAI images.edit)',
  description: `Edit from 1 to 5 reference images sent as multipart files (\`image\`, or repeated \`image[]\` as the official SDKs send them). ${HOW}`,
  tags: [TAG],
  role: 'token',
  errorFormat: 'openai',
  request: { body: OpenAIImageEditBody, bodyContentType: 'multipart/form-data', headers: IdempotencyHeaders },
  responses: IMAGES_ANSWER,
  ...PROBLEMS,
});

export const openaiImageRoutes = [openaiListModels, openaiGenerateImage, openaiEditImage] as const;
