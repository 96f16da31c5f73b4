// The short chaos run CI does: fixed seed, three users, every fault kind once. The table is printed, and each
// check that failed is named in the assertion.
import { expect, it } from 'vitest';
import { runChaos } from './chaos.ts';

it('keeps every invariant through kills, a rolling restart, a database restart, a bucket outage and provider faults', async () => {
  const result = await runChaos({ seconds: 60, users: 3, seed: 30 });
  console.log(result.report);
  expect(result.checks.filter((check) => !check.ok).map((check) => `${check.name}: ${check.detail}`)).toEqual([]);
  // Every check ran (a check that silently vanished would pass this run).
  expect(result.checks.length).toBe(14);
});
