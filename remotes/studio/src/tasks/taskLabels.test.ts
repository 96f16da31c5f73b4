import { describe, expect, it } from 'vitest';
import { aspectLayout, creditsOf, isFromApi, isInProgress, qualityOf, thumbnailOf, truncate, wearsHdBadge } from './taskLabels.ts';

describe('task labels', () => {
  it('truncates prompts past the limit only', () => {
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(truncate(`${'a'.repeat(60)}b`, 60)).toBe(`${'a'.repeat(60)}...`);
    expect(truncate('A cat on a mat', 5)).toBe('A cat...');
  });

  it('treats pending and generating as in progress', () => {
    expect(isInProgress('pending')).toBe(true);
    expect(isInProgress('generating')).toBe(true);
    expect(isInProgress('completed')).toBe(false);
    expect(isInProgress('failed')).toBe(false);
  });

  it('tags api and n8n tasks as API, web as WEB', () => {
    expect(isFromApi({ createdVia: 'api' })).toBe(true);
    expect(isFromApi({ createdVia: 'n8n' })).toBe(true);
    expect(isFromApi({ createdVia: 'web' })).toBe(false);
  });

  it('tells quality: upscale first, then HD ready, else standard; only the upscale wears the HD badge', () => {
    const upscale = { generationType: 'upscale', hdImageUrl: null } as const;
    const source = { generationType: 'text_to_image', hdImageUrl: 'https://x/hd.png' } as const;
    const plain = { generationType: 'edit_image', hdImageUrl: null } as const;
    expect([upscale, source, plain].map(qualityOf)).toEqual(['high', 'hdReady', 'standard']);
    expect([upscale, source, plain].map(wearsHdBadge)).toEqual([true, false, false]);
  });

  it('lays out 1:1, 9:16 and 16:9 as themselves and everything else as 3:4', () => {
    expect(aspectLayout('1:1')).toBe('1 / 1');
    expect(aspectLayout('9:16')).toBe('9 / 16');
    expect(aspectLayout('16:9')).toBe('16 / 9');
    expect(aspectLayout('4:3')).toBe('3 / 4');
    expect(aspectLayout('3:4')).toBe('3 / 4');
  });

  it('prefers the thumbnail in grids and defaults credits to 1', () => {
    expect(thumbnailOf({ thumbnailUrl: '/t.webp', resultUrls: ['/r.png'] })).toBe('/t.webp');
    expect(thumbnailOf({ thumbnailUrl: null, resultUrls: ['/r.png'] })).toBe('/r.png');
    expect(thumbnailOf({ thumbnailUrl: null, resultUrls: [] })).toBeUndefined();
    expect(creditsOf({ creditsUsed: 5 })).toBe(5);
    expect(creditsOf({ creditsUsed: null })).toBe(1);
  });
});
