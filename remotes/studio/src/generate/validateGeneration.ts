import { LIMITS } from '@app/contract/constants';
import type { MessageKey } from '@app/i18n';
import type { GenerationValues } from './useGenerationForm.ts';

/** Field names match the request body, so server errors (`/body/<name>`) land in the same places. */
export type GenerationErrors = Partial<Record<'prompt' | 'seeds' | 'inputImageUrls', MessageKey>>;

/** The checks the form makes before sending: a prompt, a seed in range when given, a reference image to edit. */
export function validateGeneration(
  tab: 'text_to_image' | 'edit_image',
  values: Pick<GenerationValues, 'prompt' | 'seed'>,
  referenceCount: number,
): GenerationErrors {
  const errors: GenerationErrors = {};
  if (!values.prompt.trim()) errors.prompt = 'studio.promptRequired';
  if (!Number.isNaN(values.seed) && (!Number.isInteger(values.seed) || values.seed < LIMITS.seedMin || values.seed > LIMITS.seedMax))
    errors.seeds = 'studio.seedRange';
  if (tab === 'edit_image' && referenceCount === 0) errors.inputImageUrls = 'studio.referenceRequired';
  return errors;
}
