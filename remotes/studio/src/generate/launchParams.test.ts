import { describe, expect, it } from 'vitest';
import { hasLaunchQuery, launchState } from './launchParams.ts';
import { clearRecreate, RECREATE_KEY, readRecreate, saveRecreate } from './recreateStorage.ts';

const query = (text: string) => new URLSearchParams(text);

describe('studio launch state', () => {
  it('opens the text tab at x2 by default', () => {
    expect(launchState(query(''), null)).toEqual({ tab: 'text_to_image', scale: '2' });
    expect(hasLaunchQuery(query(''))).toBe(false);
  });

  it('opens the upscale tab at x4 with the image to preload', () => {
    const url = 'https://studio.example.com/files/results/tsk_1/0.png';
    const search = query(`tab=upscale_hd&scale=x4&upscaleImage=${encodeURIComponent(url)}`);
    expect(launchState(search, null)).toEqual({ tab: 'upscale_hd', scale: '4', upscaleImage: url });
    expect(hasLaunchQuery(search)).toBe(true);
  });

  it('ignores unknown tabs and scales', () => {
    expect(launchState(query('tab=video&scale=x9'), null)).toEqual({ tab: 'text_to_image', scale: '2' });
  });

  it("picks the tab from Recreate's generation type or model", () => {
    expect(launchState(query(''), { prompt: 'p', generationType: 'edit_image' }).tab).toBe('edit_image');
    expect(launchState(query(''), { prompt: 'p', model: 'nano_banana_edit' }).tab).toBe('edit_image');
    expect(launchState(query(''), { prompt: 'p', generationType: 'text_to_image' }).tab).toBe('text_to_image');
    expect(launchState(query('tab=upscale_hd'), { prompt: 'p', generationType: 'edit_image' }).tab).toBe('upscale_hd');
  });
});

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('recreate storage', () => {
  it('round-trips the five values and clears them', () => {
    const storage = memoryStorage();
    const values = {
      prompt: 'A red fox',
      model: 'nano_banana_edit',
      aspectRatio: '9:16' as const,
      generationType: 'edit_image',
      inputImageUrls: ['https://x.test/a.png'],
    };
    saveRecreate(values, storage);
    expect(readRecreate(storage)).toEqual(values);
    clearRecreate(storage);
    expect(readRecreate(storage)).toBeNull();
  });

  it('drops values that are not what the form accepts', () => {
    const storage = memoryStorage();
    storage.setItem(
      RECREATE_KEY,
      JSON.stringify({ prompt: 'x', aspectRatio: '2:1', inputImageUrls: ['javascript:alert(1)', 'https://x.test/1.png', 7] }),
    );
    expect(readRecreate(storage)).toEqual({ prompt: 'x', inputImageUrls: ['https://x.test/1.png'] });
    storage.setItem(RECREATE_KEY, '{not json');
    expect(readRecreate(storage)).toBeNull();
    storage.setItem(RECREATE_KEY, JSON.stringify({ aspectRatio: '1:1' }));
    expect(readRecreate(storage)).toBeNull();
  });
});
