import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  decodeImageDataUrl,
  IMAGE_LIMITS,
  ImageValidationError,
  sniffImageType,
  validateImageBytes,
  validateImageDataUrl,
} from './validate.ts';

async function solid(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 40, height = 30): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  return image[format]().toBuffer();
}

/** A tiny PNG claiming `width` x `height` with almost no pixel data (a decompression bomb shape). */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function reason(promise: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(ImageValidationError);
    return (error as ImageValidationError).reason;
  }
  throw new Error('expected a validation error');
}

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by their magic numbers only', async () => {
    expect(sniffImageType(await solid('png'))).toBe('image/png');
    expect(sniffImageType(await solid('jpeg'))).toBe('image/jpeg');
    expect(sniffImageType(await solid('webp'))).toBe('image/webp');
    expect(sniffImageType(await solid('gif'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
  });
});

describe('validateImageBytes', () => {
  it('accepts the three formats and reports type, extension and size', async () => {
    const png = await validateImageBytes(await solid('png', 40, 30));
    expect(png).toMatchObject({ mimeType: 'image/png', extension: 'png', width: 40, height: 30 });
    expect((await validateImageBytes(await solid('jpeg'))).extension).toBe('jpg');
    expect((await validateImageBytes(await solid('webp'))).mimeType).toBe('image/webp');
  });

  it('refuses wrong magic bytes, even for a real image in another format', async () => {
    expect(await reason(validateImageBytes(await solid('gif')))).toBe('unsupported_type');
    expect(await reason(validateImageBytes(Buffer.from('<html><body>hi</body></html>')))).toBe('unsupported_type');
  });

  it('refuses empty input and input over the byte limit before parsing it', async () => {
    expect(await reason(validateImageBytes(Buffer.alloc(0)))).toBe('empty');
    const big = Buffer.alloc(IMAGE_LIMITS.maxBytes + 1);
    (await solid('png')).copy(big);
    expect(await reason(validateImageBytes(big))).toBe('too_large');
    expect(await reason(validateImageBytes(await solid('png'), { maxBytes: 50 }))).toBe('too_large');
  });

  it('refuses too many pixels from the header alone (no decode)', async () => {
    const bomb = pngHeaderOnly(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100);
    expect(await reason(validateImageBytes(bomb))).toBe('too_many_pixels');
    expect(await reason(validateImageBytes(await solid('png', 100, 100), { maxPixels: 9_999 }))).toBe('too_many_pixels');
    await expect(validateImageBytes(await solid('png', 100, 100), { maxPixels: 10_000 })).resolves.toMatchObject({ width: 100 });
  });

  it('refuses a corrupt file that only starts like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png at all')]);
    expect(await reason(validateImageBytes(fake))).toBe('corrupt');
  });
});

describe('decodeImageDataUrl', () => {
  it('decodes a base64 image data URL', async () => {
    const png = await solid('png');
    const decoded = decodeImageDataUrl(`data:image/png;base64,${png.toString('base64')}`);
    expect(decoded.declaredType).toBe('image/png');
    expect(decoded.bytes.equals(png)).toBe(true);
    expect(decodeImageDataUrl(`data:image/jpg;base64,${png.toString('base64')}`).declaredType).toBe('image/jpeg');
  });

  it('refuses malformed data URLs', async () => {
    const b64 = (await solid('png')).toString('base64');
    expect(await reason(() => decodeImageDataUrl(`https://example.com/a.png`))).toBe('bad_data_url');
    expect(await reason(() => decodeImageDataUrl(`data:image/png,${b64}`))).toBe('bad_data_url');
    expect(await reason(() => decodeImageDataUrl(`data:image/png;base64,${b64.slice(0, -1)}`))).toBe('bad_data_url');
    expect(await reason(() => decodeImageDataUrl(`data:image/png;base64,${b64.slice(0, 8)}!!!!${b64.slice(12)}`))).toBe('bad_data_url');
    expect(await reason(() => decodeImageDataUrl(`data:image/png;base64,`))).toBe('empty');
    expect(await reason(() => decodeImageDataUrl(`data:image/gif;base64,${b64}`))).toBe('unsupported_data_url_type');
    expect(await reason(() => decodeImageDataUrl(`data:text/html;base64,${b64}`))).toBe('unsupported_data_url_type');
    expect(await reason(() => decodeImageDataUrl(`data:${'x'.repeat(100)};base64,${b64}`))).toBe('bad_data_url');
  });

  it('computes the decoded size before decoding (an oversized payload is refused even if it is not base64)', async () => {
    const payloadLength = Math.ceil((IMAGE_LIMITS.maxBytes + 3) / 3) * 4;
    const notBase64 = `data:image/png;base64,${'!'.repeat(payloadLength)}`;
    expect(await reason(() => decodeImageDataUrl(notBase64))).toBe('too_large');
    // Exactly at the limit passes the size check (and then fails only on content).
    const atLimit = `data:image/png;base64,${'A'.repeat(Math.floor(IMAGE_LIMITS.maxBytes / 3) * 4)}`;
    expect(decodeImageDataUrl(atLimit).bytes.length).toBeLessThanOrEqual(IMAGE_LIMITS.maxBytes);
  });

  it('validateImageDataUrl trusts the bytes, not the declared type', async () => {
    const jpeg = await solid('jpeg');
    const image = await validateImageDataUrl(`data:image/png;base64,${jpeg.toString('base64')}`);
    expect(image.mimeType).toBe('image/jpeg');
    const text = Buffer.from('GIF89a pretending').toString('base64');
    expect(await reason(validateImageDataUrl(`data:image/png;base64,${text.padEnd(Math.ceil(text.length / 4) * 4, '=')}`))).toBe(
      'unsupported_type',
    );
  });
});
