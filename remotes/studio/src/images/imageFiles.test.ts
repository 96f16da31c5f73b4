import { describe, expect, it } from 'vitest';
import { isAcceptableImage, UPSCALE_TYPES } from './imageFiles.ts';

describe('image file checks', () => {
  it('accepts PNG, JPEG and WebP up to 10 MB', () => {
    expect(isAcceptableImage({ type: 'image/png', size: 1024 })).toBe(true);
    expect(isAcceptableImage({ type: 'image/webp', size: 10 * 1024 * 1024 })).toBe(true);
    expect(isAcceptableImage({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe(false);
    expect(isAcceptableImage({ type: 'image/gif', size: 1024 })).toBe(false);
    expect(isAcceptableImage({ type: 'image/png', size: 0 })).toBe(false);
  });

  it('lets the upscale chooser narrow the types to PNG and JPG', () => {
    expect(isAcceptableImage({ type: 'image/webp', size: 1024 }, UPSCALE_TYPES)).toBe(false);
    expect(isAcceptableImage({ type: 'image/jpeg', size: 1024 }, UPSCALE_TYPES)).toBe(true);
  });
});
