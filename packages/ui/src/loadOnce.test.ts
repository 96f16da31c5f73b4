import { describe, expect, it } from 'vitest';
import { loadOnce } from './loadOnce.ts';

describe('loadOnce', () => {
  it('loads once, however often and however early it is asked', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads += 1;
      return { part: 'parts' };
    });
    const [first, second] = await Promise.all([load(), load()]);
    expect(await load()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load, and keeps the load that worked', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return loads;
    });
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe(2);
    expect(await load()).toBe(2);
    expect(loads).toBe(2);
  });
});
