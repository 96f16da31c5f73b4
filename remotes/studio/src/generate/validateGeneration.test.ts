import { describe, expect, it } from 'vitest';
import { validateGeneration } from './validateGeneration.ts';

describe('generation form checks', () => {
  it('requires a prompt that is not just spaces', () => {
    expect(validateGeneration('text_to_image', { prompt: '   ', seed: Number.NaN }, 0)).toEqual({ prompt: 'studio.promptRequired' });
    expect(validateGeneration('text_to_image', { prompt: 'a fox', seed: Number.NaN }, 0)).toEqual({});
  });

  it('takes an empty seed or one from 10000 to 99999', () => {
    expect(validateGeneration('text_to_image', { prompt: 'a', seed: 10000 }, 0)).toEqual({});
    expect(validateGeneration('text_to_image', { prompt: 'a', seed: 99999 }, 0)).toEqual({});
    expect(validateGeneration('text_to_image', { prompt: 'a', seed: 9999 }, 0)).toEqual({ seeds: 'studio.seedRange' });
    expect(validateGeneration('text_to_image', { prompt: 'a', seed: 100000 }, 0)).toEqual({ seeds: 'studio.seedRange' });
  });

  it('needs a reference image to edit, not to create', () => {
    expect(validateGeneration('edit_image', { prompt: 'a', seed: Number.NaN }, 0)).toEqual({ inputImageUrls: 'studio.referenceRequired' });
    expect(validateGeneration('edit_image', { prompt: 'a', seed: Number.NaN }, 2)).toEqual({});
  });
});
