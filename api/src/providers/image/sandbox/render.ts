// Deterministic pictures for the sandbox provider: the same inputs always give the same bytes (on the
// same machine and libvips/font set). Shapes and colours come from a hash of prompt + size + seed. The prompt itself is
// never drawn: a picture can be shared without its prompt, and must not show it then.
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_LIMITS } from '../../../images/validate.ts';
import type { AspectRatio, ImageSize, OutputFormat, UpscaleFactor } from '../provider.ts';
import { resolveImageSize } from '../provider.ts';

/** Pixel sizes per ratio (spec §9). */
export const SANDBOX_DIMENSIONS: Record<AspectRatio, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '16:9': { width: 1024, height: 576 },
  '9:16': { width: 576, height: 1024 },
  '4:3': { width: 896, height: 672 },
  '3:4': { width: 672, height: 896 },
};

export function sandboxDimensions(job: { imageSize: ImageSize; aspectRatio: AspectRatio }): { width: number; height: number } {
  return SANDBOX_DIMENSIONS[resolveImageSize(job)];
}

export interface RenderInput {
  prompt: string;
  imageSize: ImageSize;
  aspectRatio: AspectRatio;
  outputFormat: OutputFormat;
  seed?: number;
}

class HashStream {
  readonly #bytes: Buffer;
  #index = 0;
  constructor(seedText: string) {
    this.#bytes = createHash('sha512').update(seedText).digest();
  }
  /** 0..1 */
  next(): number {
    const byte = this.#bytes[this.#index % this.#bytes.length] as number;
    this.#index += 1;
    return byte / 255;
  }
}

/** The SVG layers of one picture: its background, an edit's tint over the references, and the labels on top. */
interface Scene {
  width: number;
  height: number;
  background: string;
  overlay: string;
  labels: string;
  /** Background and labels in one picture, for a text-to-image (nothing goes between them). */
  whole: string;
}

/** How many colour bars the prompt's mark has. */
const MARK_BARS = 8;

/**
 * The prompt's mark: a strip of colour bars from a hash of the prompt alone, so one prompt looks the same at any size
 * or seed and another looks different, while nothing of its words can be read back.
 */
function promptMark(prompt: string, width: number, height: number, unit: number): string {
  const h = new HashStream(`mark\u0000${prompt}`);
  const barWidth = Math.round(unit / 40);
  const barHeight = Math.round(unit / 16);
  const left = width - Math.round(unit / 40) - MARK_BARS * barWidth;
  const top = height - Math.round(unit / 40) - barHeight;
  return Array.from(
    { length: MARK_BARS },
    (_, i) =>
      `<rect x="${left + i * barWidth}" y="${top}" width="${barWidth}" height="${barHeight}" fill="hsl(${Math.round(h.next() * 360)},70%,${35 + Math.round(h.next() * 30)}%)"/>`,
  ).join('');
}

/** The picture's layers for `input` (exported for its test: what is drawn, as SVG). */
export function sandboxScene(input: RenderInput, kind: 'text' | 'edit'): Scene {
  const { width, height } = sandboxDimensions(input);
  const ratio = resolveImageSize(input);
  const h = new HashStream(`${kind}\u0000${input.prompt}\u0000${ratio}\u0000${input.seed ?? ''}`);
  const hue1 = Math.round(h.next() * 360);
  const hue2 = (hue1 + 60 + Math.round(h.next() * 180)) % 360;
  const angle = h.next() * Math.PI * 2;
  const x2 = (0.5 + Math.cos(angle) / 2).toFixed(3);
  const y2 = (0.5 + Math.sin(angle) / 2).toFixed(3);
  const x1 = (0.5 - Math.cos(angle) / 2).toFixed(3);
  const y1 = (0.5 - Math.sin(angle) / 2).toFixed(3);
  const gradient = `<linearGradient id="g" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="hsl(${hue1},70%,45%)"/><stop offset="1" stop-color="hsl(${hue2},75%,60%)"/></linearGradient>`;

  const shapes: string[] = [];
  const count = 5 + Math.floor(h.next() * 5);
  const unit = Math.min(width, height);
  for (let i = 0; i < count; i++) {
    const cx = Math.round(h.next() * width);
    const cy = Math.round(h.next() * height);
    const size = Math.round((0.08 + h.next() * 0.22) * unit);
    const hue = Math.round(h.next() * 360);
    const opacity = (0.3 + h.next() * 0.4).toFixed(2);
    const fill = `hsl(${hue},70%,${55 + (i % 3) * 8}%)`;
    if (i % 3 === 2) {
      const rotation = Math.round(h.next() * 90);
      shapes.push(
        `<rect x="${cx - size / 2}" y="${cy - size / 2}" width="${size}" height="${size}" rx="${Math.round(size / 8)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${rotation} ${cx} ${cy})"/>`,
      );
    } else {
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="${size / 2}" fill="${fill}" fill-opacity="${opacity}"/>`);
    }
  }

  const fontSize = Math.round(unit / 40);
  const label = `<text x="${fontSize}" y="${fontSize * 2}" font-family="DejaVu Sans Mono, monospace" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.8">SANDBOX ${ratio} · ${width}×${height}${input.seed !== undefined ? ` · seed ${input.seed}` : ''}</text>`;
  const labelsMarkup = `${label}${promptMark(input.prompt, width, height, unit)}`;
  const backgroundMarkup = `<defs>${gradient}</defs><rect width="${width}" height="${height}" fill="url(#g)"/>${shapes.join('')}`;
  const svg = (markup: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${markup}</svg>`;
  return {
    width,
    height,
    background: svg(backgroundMarkup),
    overlay: svg(`<defs>${gradient}</defs><rect width="${width}" height="${height}" fill="url(#g)" fill-opacity="0.25"/>`),
    labels: svg(labelsMarkup),
    whole: svg(backgroundMarkup + labelsMarkup),
  };
}

function encode(image: Sharp, format: OutputFormat): Promise<Buffer> {
  return format === 'jpeg' ? image.jpeg({ quality: 90, mozjpeg: false }).toBuffer() : image.png({ compressionLevel: 6 }).toBuffer();
}

/** Text-to-image: gradient, shapes, the size label and the prompt's mark, at the spec's pixel size. */
export async function renderTextToImage(input: RenderInput): Promise<Buffer> {
  // One picture drawn once: compositing the labels as a second full-size layer took half the render's time.
  return encode(sharp(Buffer.from(sandboxScene(input, 'text').whole)), input.outputFormat);
}

/**
 * Edit: the reference pictures as a collage of tiles over the generated background, tinted by a
 * translucent gradient (so the blend is visible), with the labels on top.
 */
export async function renderEdit(input: RenderInput, references: readonly Uint8Array[]): Promise<Buffer> {
  if (references.length === 0) throw new Error('An edit needs at least one reference picture');
  const scene = sandboxScene(input, 'edit');
  const columns = Math.ceil(Math.sqrt(references.length));
  const rows = Math.ceil(references.length / columns);
  const gap = Math.round(Math.min(scene.width, scene.height) * 0.02);
  const areaWidth = Math.round(scene.width * 0.84);
  const areaHeight = Math.round(scene.height * 0.7);
  const left = Math.round((scene.width - areaWidth) / 2);
  const top = Math.round(scene.height * 0.06);
  const tileWidth = Math.floor((areaWidth - gap * (columns - 1)) / columns);
  const tileHeight = Math.floor((areaHeight - gap * (rows - 1)) / rows);

  const tiles = await Promise.all(
    references.map(async (reference, index) => {
      const bytes = await sharp(reference, { limitInputPixels: IMAGE_LIMITS.maxPixels })
        .rotate()
        .resize(tileWidth, tileHeight, { fit: 'cover', position: 'attention' })
        .png()
        .toBuffer();
      // The last row is centred when it is not full.
      const row = Math.floor(index / columns);
      const inRow = row === rows - 1 ? references.length - row * columns : columns;
      const rowWidth = inRow * tileWidth + (inRow - 1) * gap;
      const column = index % columns;
      return {
        input: bytes,
        left: left + Math.round((areaWidth - rowWidth) / 2) + column * (tileWidth + gap),
        top: top + row * (tileHeight + gap),
      };
    }),
  );
  const image = sharp(Buffer.from(scene.background)).composite([
    ...tiles,
    { input: Buffer.from(scene.overlay) },
    { input: Buffer.from(scene.labels) },
  ]);
  return encode(image, input.outputFormat);
}

export interface UpscaleResult {
  bytes: Buffer;
  width: number;
  height: number;
  format: OutputFormat;
}

/** Really resamples the source x2/x3/x4 (lanczos3); faceEnhancement adds a mild sharpen. */
export async function upscaleImage(
  source: Uint8Array,
  options: { scale: UpscaleFactor; faceEnhancement: boolean; outputFormat: OutputFormat; maxOutputPixels?: number },
): Promise<UpscaleResult> {
  const meta = await sharp(source, { limitInputPixels: IMAGE_LIMITS.maxPixels }).metadata();
  const width = (meta.autoOrient?.width ?? meta.width) * options.scale;
  const height = (meta.autoOrient?.height ?? meta.height) * options.scale;
  const maxOutputPixels = options.maxOutputPixels ?? 64_000_000;
  if (!width || !height) throw new Error('The source picture could not be read');
  if (width * height > maxOutputPixels || width > 16_383 || height > 16_383) {
    throw new Error(`The upscaled picture would be ${width}x${height}, larger than allowed`);
  }
  let image = sharp(source, { limitInputPixels: IMAGE_LIMITS.maxPixels }).rotate().resize(width, height, { kernel: 'lanczos3' });
  if (options.faceEnhancement) image = image.sharpen({ sigma: 0.8, m1: 0.5, m2: 1.5 });
  const bytes = await encode(image, options.outputFormat);
  return { bytes, width, height, format: options.outputFormat };
}
