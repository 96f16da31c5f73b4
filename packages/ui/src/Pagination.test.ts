import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pagination.tsx';

describe('pageWindow', () => {
  it('keeps first, last and neighbours with gaps between', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
