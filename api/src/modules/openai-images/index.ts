import type { ApiModule } from '../module.ts';
import { openaiImageHandlers } from './routes.ts';

/** OpenAI's images API under `/v1` on the automation API's submit path: same tokens, prices, history and refunds. */
export const openaiImagesModule: ApiModule = {
  name: 'openai-images',
  handlers: openaiImageHandlers,
};
