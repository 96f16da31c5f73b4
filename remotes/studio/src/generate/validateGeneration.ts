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
  const seed = seedError(values.seed);
  if (seed) errors.seeds = seed;
  if (tab === 'edit_image' && referenceCount === 0) errors.inputImageUrls = 'studio.referenceRequired';
  return errors;
}

/** An empty seed (NaN) is fine; anything else must be a whole number from 10000 to 99999. */
export function seedError(seed: number): MessageKey | null {
  if (Number.isNaN(seed)) return null;
  return Number.isInteger(seed) && seed >= LIMITS.seedMin && seed <= LIMITS.seedMax ? null : 'studio.seedRange';
}
