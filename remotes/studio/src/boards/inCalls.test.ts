import { BOARD_LIMITS } from '@app/contract/constants';
import { describe, expect, it } from 'vitest';
import { inCalls } from './inCalls.ts';

const ids = (count: number) => Array.from({ length: count }, (_, i) => `tsk_${i}`);

describe('inCalls', () => {
  it('sends up to the limit in one call and more in turns, each id once and in order', () => {
    expect(inCalls([])).toEqual([]);
    expect(inCalls(ids(3))).toEqual([ids(3)]);
    expect(inCalls(ids(BOARD_LIMITS.taskIdsMax))).toHaveLength(1);
    const calls = inCalls(ids(2 * BOARD_LIMITS.taskIdsMax + 1));
    expect(calls.map((call) => call.length)).toEqual([BOARD_LIMITS.taskIdsMax, BOARD_LIMITS.taskIdsMax, 1]);
    expect(calls.flat()).toEqual(ids(2 * BOARD_LIMITS.taskIdsMax + 1));
  });
});
