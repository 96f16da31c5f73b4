import { describe, expect, it } from 'vitest';
import { pickImages } from './pickImages.ts';

const file = (name: string, type = 'image/png', size = 100) => ({ name, type, size }) as File;

describe('picking reference images', () => {
  it('cuts extra files to the free slots', () => {
    const files = ['1', '2', '3', '4', '5', '6', '7'].map((name) => file(name));
    const picked = pickImages(files, 5);
    expect(picked.added.map((f) => f.name)).toEqual(['1', '2', '3', '4', '5']);
    expect(picked.cut).toBe(2);
    expect(pickImages(files, 2).added).toHaveLength(2);
    expect(pickImages(files, 0).added).toEqual([]);
  });

  it('leaves out files that are not images or too large', () => {
    const picked = pickImages([file('a.gif', 'image/gif'), file('b.png'), file('c.jpg', 'image/jpeg', 11 * 1024 * 1024)], 5);
    expect(picked.added.map((f) => f.name)).toEqual(['b.png']);
    expect(picked.rejected.map((f) => f.name)).toEqual(['a.gif', 'c.jpg']);
    expect(picked.cut).toBe(0);
  });
});
