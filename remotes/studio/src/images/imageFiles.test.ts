import { describe, expect, it } from 'vitest';
import { sniffImageType } from './imageFiles.ts';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(12).fill(0)].slice(0, 12));

describe('image file checks', () => {
  it('tells PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBe('image/webp');
  });

  it('knows a text file or a GIF named .png for what it is', () => {
    expect(sniffImageType(new TextEncoder().encode('this is not a picture'))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBeUndefined();
    // RIFF but not WebP (a WAV file).
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });
});
