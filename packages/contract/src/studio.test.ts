import { describe, expect, it } from 'vitest';
import { GenerateImageBody, ImageTaskListQuery, UploadImagesBody, UpscaleImageBody } from './studio.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('generate body', () => {
  it('fills the spec defaults around a prompt and trims it', () => {
    expect(GenerateImageBody.parse({ prompt: '  a kite  ' })).toEqual({
      prompt: 'a kite',
      inputImageUrls: [],
      model: 'nano_banana',
      generationType: 'text_to_image',
      aspectRatio: '1:1',
      outputFormat: 'png',
      imageSize: 'auto',
      enableFallback: false,
      n: 1,
    });
  });

  it.each([
    [{ prompt: '   ' }, 'Prompt is required'],
    [{ prompt: 'x'.repeat(5001) }, 'Prompt must be at most 5000 characters'],
    [{ prompt: 'a', seeds: 9999 }, 'Seed must be between 10000 and 99999'],
    [{ prompt: 'a', seeds: 100000 }, 'Seed must be between 10000 and 99999'],
    [{ prompt: 'a', inputImageUrls: Array(6).fill('https://a.example/x.png') }, 'At most 5 reference images'],
    [{ prompt: 'a', inputImageUrls: ['ftp://a.example/x.png'] }, 'Must be a valid http(s) address'],
    [{ prompt: 'a', n: 5 }, 'n must be from 1 to 4'],
  ])('refuses %j: %s', (body, message) => {
    expect(messages(GenerateImageBody.safeParse(body))).toContain(message);
  });
});

describe('upscale body', () => {
  it.each([['4'], [3]])('takes the ratio %j as text or number', (scaleRatio) => {
    expect(UpscaleImageBody.parse({ imageUrl: 'https://a.example/x.png', scaleRatio }).scaleRatio).toBe(scaleRatio);
  });

  it.each([['5'], [1], ['x2']])('refuses the ratio %j', (scaleRatio) => {
    expect(UpscaleImageBody.safeParse({ imageUrl: 'https://a.example/x.png', scaleRatio }).success).toBe(false);
  });
});

describe('uploads', () => {
  it('takes one to five images', () => {
    expect(messages(UploadImagesBody.safeParse({ images: [] }))).toEqual(['At least one image is required']);
    expect(messages(UploadImagesBody.safeParse({ images: Array(6).fill('data:image/png;base64,AA==') }))).toEqual(['At most 5 images']);
    expect(UploadImagesBody.safeParse({ images: Array(5).fill('data:image/png;base64,AA==') }).success).toBe(true);
  });
});

describe('task list query', () => {
  it('reads the query string as numbers with the defaults', () => {
    expect(ImageTaskListQuery.parse({ page: '2', limit: '16' })).toEqual({
      page: 2,
      limit: 16,
      days: 14,
      favourite: false,
      scope: 'recent',
    });
  });

  it.each([[{ limit: '51' }], [{ days: '0' }], [{ days: '91' }], [{ limit: '1.5' }]])('refuses %j', (query) => {
    expect(ImageTaskListQuery.safeParse(query).success).toBe(false);
  });
});
