import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../images/validate.ts';
import { ASPECT_RATIOS, type AspectRatio } from '../provider.ts';
import { type RenderInput, renderEdit, renderTextToImage, SANDBOX_DIMENSIONS, sandboxScene, upscaleImage } from './render.ts';

const base: RenderInput = {
  prompt: 'A cozy cabin in a snowy forest at night',
  imageSize: 'auto',
  aspectRatio: '1:1',
  outputFormat: 'png',
  seed: 12345,
};

async function size(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

function solid(color: string, width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset] as number, g: data[offset + 1] as number, b: data[offset + 2] as number };
}

describe('renderTextToImage', () => {
  it.each(ASPECT_RATIOS)('renders %s at the spec pixel size', async (ratio: AspectRatio) => {
    const bytes = await renderTextToImage({ ...base, aspectRatio: ratio });
    expect(await size(bytes)).toEqual({ ...SANDBOX_DIMENSIONS[ratio], format: 'png' });
  });

  it('uses the exact spec sizes', () => {
    expect(SANDBOX_DIMENSIONS).toEqual({
      '1:1': { width: 1024, height: 1024 },
      '16:9': { width: 1024, height: 576 },
      '9:16': { width: 576, height: 1024 },
      '4:3': { width: 896, height: 672 },
      '3:4': { width: 672, height: 896 },
    });
  });

  it('lets an explicit imageSize win over the aspect ratio, and `auto` follow it', async () => {
    expect(await size(await renderTextToImage({ ...base, imageSize: '9:16', aspectRatio: '16:9' }))).toMatchObject({
      width: 576,
      height: 1024,
    });
    expect(await size(await renderTextToImage({ ...base, imageSize: 'auto', aspectRatio: '4:3' }))).toMatchObject({
      width: 896,
      height: 672,
    });
  });

  it('is deterministic for the same inputs and differs when prompt, seed or ratio change', async () => {
    const a = await renderTextToImage(base);
    const b = await renderTextToImage({ ...base });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(await renderTextToImage({ ...base, prompt: 'A cozy cabin in a snowy forest at dawn' }))).toBe(false);
    expect(a.equals(await renderTextToImage({ ...base, seed: 54321 }))).toBe(false);
    const square = await pixel(a, 10, 500);
    const other = await pixel(await renderTextToImage({ ...base, seed: 99999 }), 10, 500);
    expect(square).not.toEqual(other);
  });

  it('respects the output format', async () => {
    const jpeg = await renderTextToImage({ ...base, outputFormat: 'jpeg' });
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(await renderTextToImage(base))).toBe('image/png');
  });

  it('survives markup and control characters in the prompt', async () => {
    const bytes = await renderTextToImage({ ...base, prompt: '<svg onload="x"> & </text> "quotes" \u0007 \u0000 émoji 🦊' });
    expect(await size(bytes)).toMatchObject({ width: 1024, height: 1024 });
  });
});

describe('sandboxScene', () => {
  it('never draws the prompt: only the size labels and a mark made from it', () => {
    const prompt = 'Zebraquokka marmalade lighthouse';
    for (const kind of ['text', 'edit'] as const) {
      const scene = sandboxScene({ ...base, prompt }, kind);
      const drawn = [scene.background, scene.overlay, scene.labels, scene.whole].join('\n').toLowerCase();
      for (const word of prompt.toLowerCase().split(' ')) expect(drawn).not.toContain(word);
      expect(scene.labels).toContain('SANDBOX 1:1 · 1024×1024 · seed 12345');
    }
  });

  it('marks one prompt the same at any seed or size, and another prompt differently', () => {
    const mark = (input: RenderInput) => /<rect[\s\S]*<\/svg>$/.exec(sandboxScene(input, 'text').labels)?.[0] ?? '';
    expect(mark(base)).toMatch(/^<rect /);
    expect(mark({ ...base, seed: 1 })).toBe(mark({ ...base, seed: 2 }));
    expect(mark({ ...base, prompt: 'Another prompt' })).not.toBe(mark(base));
  });
});

describe('renderEdit', () => {
  it('visibly uses the reference pictures', async () => {
    const red = await renderEdit(base, [await solid('#ff0000')]);
    const blue = await renderEdit(base, [await solid('#0000ff')]);
    const centreRed = await pixel(red, 512, 400);
    const centreBlue = await pixel(blue, 512, 400);
    expect(centreRed.r).toBeGreaterThan(centreRed.b + 100);
    expect(centreBlue.b).toBeGreaterThan(centreBlue.r + 100);
    // The reference is blended, not pasted: the tint moves it off pure red.
    expect(centreRed).not.toEqual({ r: 255, g: 0, b: 0 });
  });

  it('lays out several references as a collage at the requested size', async () => {
    const refs = await Promise.all(['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff'].map((c) => solid(c)));
    const bytes = await renderEdit({ ...base, aspectRatio: '16:9' }, refs);
    expect(await size(bytes)).toMatchObject({ width: 1024, height: 576 });
    const first = await pixel(bytes, 250, 120);
    const second = await pixel(bytes, 512, 120);
    expect(first.r).toBeGreaterThan(first.g);
    expect(second.g).toBeGreaterThan(second.r);
    expect((await renderEdit(base, refs)).equals(await renderEdit(base, refs))).toBe(true);
  });

  it('needs at least one reference', async () => {
    await expect(renderEdit(base, [])).rejects.toThrow(/at least one/);
  });
});

describe('upscaleImage', () => {
  it.each([2, 3, 4] as const)('multiplies both dimensions by %i', async (scale) => {
    const result = await upscaleImage(await solid('#336699', 100, 60), { scale, faceEnhancement: false, outputFormat: 'png' });
    expect([result.width, result.height]).toEqual([100 * scale, 60 * scale]);
    expect(await size(result.bytes)).toEqual({ width: 100 * scale, height: 60 * scale, format: 'png' });
  });

  it('really resamples the source (scaled back down it matches) and sharpens for faces', async () => {
    const source = await renderTextToImage({ ...base, aspectRatio: '1:1' });
    const small = await sharp(source).resize(128, 128).png().toBuffer();
    const plain = await upscaleImage(small, { scale: 2, faceEnhancement: false, outputFormat: 'png' });
    const enhanced = await upscaleImage(small, { scale: 2, faceEnhancement: true, outputFormat: 'png' });
    expect(plain.bytes.equals(enhanced.bytes)).toBe(false);
    const back = await sharp(plain.bytes).resize(128, 128).raw().toBuffer();
    const original = await sharp(small).raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < original.length; i++) diff += Math.abs((original[i] as number) - (back[i] as number));
    expect(diff / original.length).toBeLessThan(6);
  });

  it('writes jpeg when asked and refuses results that would be too large', async () => {
    const jpeg = await upscaleImage(await solid('#ffffff', 50, 50), { scale: 2, faceEnhancement: false, outputFormat: 'jpeg' });
    expect(sniffImageType(jpeg.bytes)).toBe('image/jpeg');
    await expect(
      upscaleImage(await solid('#ffffff', 1000, 1000), {
        scale: 4,
        faceEnhancement: false,
        outputFormat: 'png',
        maxOutputPixels: 10_000_000,
      }),
    ).rejects.toThrow(/larger than allowed/);
  });
});
