import { describe, expect, it } from 'vitest';
import { creationsInterval } from './creationsInterval.ts';

describe('creations polling', () => {
  it('polls every 2 s while a task is pending or generating, else every 10 s', () => {
    expect(creationsInterval({ tasks: [{ status: 'completed' }, { status: 'generating' }] })).toBe(2000);
    expect(creationsInterval({ tasks: [{ status: 'pending' }] })).toBe(2000);
    expect(creationsInterval({ tasks: [{ status: 'completed' }, { status: 'failed' }] })).toBe(10000);
    expect(creationsInterval(undefined)).toBe(10000);
  });
});
