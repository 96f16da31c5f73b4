// OpenAI-compatible images API handlers: OpenAI's fields mapped onto the automation API's one submit path (API prices,
// stored images, Idempotency-Key), then held until the image is ready.
import { LIMITS, OPENAI_MODELS, OPENAI_SIZE_RATIOS, type openaiImageRoutes } from '@app/contract';
import { HttpProblem } from '../../errors.ts';
import type { HandlersFor } from '../../http/bind.ts';
import { type ImageInput, limitPerToken, submitApiTaskOnce } from '../automation/index.ts';
import { imagesAnswer } from './answer.ts';

/** When the models were first offered (the list's `created`). */
const MODELS_CREATED = 1_767_225_600;

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The edit's files in order (`image` first, then `image[]`), 1 to 5 of them, as bytes with the field they came in. */
function editImages(body: { image?: string | string[] | undefined; 'image[]'?: string[] | undefined }): ImageInput[] {
  const single = asList(body.image);
  const images = [
    ...single.map((data, index) => ({ pointer: Array.isArray(body.image) ? `/body/image/${index}` : '/body/image', data })),
    ...asList(body['image[]']).map((data, index) => ({ pointer: `/body/image[]/${index}`, data })),
  ];
  if (images.length < 1 || images.length > LIMITS.maxReferenceImages) {
    throw new HttpProblem({
      status: 400,
      code: 'validation_failed',
      title: 'Validation failed',
      detail: 'Invalid request body.',
      errors: [{ pointer: '/body/image', detail: `Send 1 to ${LIMITS.maxReferenceImages} images as image or image[]` }],
    });
  }
  return images.map(({ pointer, data }) => ({ pointer, bytes: Buffer.from(data, 'base64') }));
}

export const openaiImageHandlers = {
  async openaiListModels(ctx, { caller }) {
    await limitPerToken(ctx, caller);
    const data = OPENAI_MODELS.map((id) => ({ id, object: 'model' as const, created: MODELS_CREATED, owned_by: 'studio' }));
    return { status: 200, body: { object: 'list' as const, data } };
  },

  async openaiGenerateImage(ctx, { body, caller }) {
    await limitPerToken(ctx, caller);
    const keyed = await submitApiTaskOnce(ctx, caller, body, {
      kind: 'text_to_image',
      prompt: body.prompt,
      images: [],
      imageSize: OPENAI_SIZE_RATIOS[body.size],
      outputFormat: body.output_format,
      count: body.n,
      createdVia: 'api',
    });
    return {
      status: 200,
      body: await imagesAnswer(ctx, caller, keyed, { responseFormat: body.response_format, outputFormat: body.output_format }),
    };
  },

  async openaiEditImage(ctx, { body, caller }) {
    await limitPerToken(ctx, caller);
    const images = editImages(body);
    const keyed = await submitApiTaskOnce(ctx, caller, body, {
      kind: 'edit_image',
      prompt: body.prompt,
      images,
      imageSize: OPENAI_SIZE_RATIOS[body.size],
      outputFormat: body.output_format,
      count: body.n,
      createdVia: 'api',
    });
    return {
      status: 200,
      body: await imagesAnswer(ctx, caller, keyed, { responseFormat: body.response_format, outputFormat: body.output_format }),
    };
  },
} satisfies HandlersFor<typeof openaiImageRoutes>;
