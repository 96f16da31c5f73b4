import { describe, expect, it } from 'vitest';
import { type CheckedFile, pickImages } from './pickImages.ts';

const ok = (name: string): CheckedFile => ({ file: { name } as File, refusal: null });

describe('picking reference images', () => {
  it('cuts extra files to the free slots', () => {
    const files = ['1', '2', '3', '4', '5', '6', '7'].map(ok);
    const picked = pickImages(files, 5);
    expect(picked.added.map((f) => f.name)).toEqual(['1', '2', '3', '4', '5']);
    expect(picked.cut).toBe(2);
    expect(pickImages(files, 2).added).toHaveLength(2);
    expect(pickImages(files, 0).added).toEqual([]);
  });

  it('leaves out refused files, with their reason, and they take no slot', () => {
    const picked = pickImages(
      [
        { file: { name: 'a.gif' } as File, refusal: 'type' },
        ok('b.png'),
        { file: { name: 'fake.png' } as File, refusal: 'damaged' },
        ok('c.png'),
      ],
      2,
    );
    expect(picked.added.map((f) => f.name)).toEqual(['b.png', 'c.png']);
    expect(picked.refused.map(({ file, refusal }) => [file.name, refusal])).toEqual([
      ['a.gif', 'type'],
      ['fake.png', 'damaged'],
    ]);
    expect(picked.cut).toBe(0);
  });
});
