// When a running task is looked at next. Without history: about 3 s, backing off to 10 s (provider docs). With
// history (how long this model and kind of task took lately, `expected-times.ts`): a dense grid around that time,
// then sparser the later the task runs past it. For a provider that takes as long as it usually does, that is one
// or two looks, fewer than the backoff's four for a 20 s task, and the image is seen within ~0.2 s of being ready.
import { nextCheckDelay } from './backoff.ts';

/** Looks around the expected time (ms from it): the early one catches a faster run and teaches the schedule so. */
const GRID_MS = [-200, 0, 200] as const;
/** A look closer than this to now is not worth a separate step. */
const MIN_GAP_MS = 50;

export interface LookInput {
  /** Since the task was submitted. */
  elapsedMs: number;
  /** How long such tasks took lately (median), if known. */
  expectedMs?: number;
  /** Looks made so far (the backoff's count without history). */
  attempts: number;
  minMs: number;
  maxMs: number;
}

/** Milliseconds until the next look. */
export function nextLookDelay(input: LookInput): number {
  const { elapsedMs, expectedMs, attempts, minMs, maxMs } = input;
  if (expectedMs === undefined) return attempts === 0 ? Math.max(0, minMs - elapsedMs) : nextCheckDelay(attempts, minMs, maxMs);
  for (const offset of GRID_MS) {
    const at = expectedMs + offset;
    if (at >= elapsedMs + MIN_GAP_MS) return Math.round(at - elapsedMs);
  }
  // Past the grid: the provider is slower than usual; look again after as long as it is late (1 s .. max).
  return Math.round(Math.min(maxMs, Math.max(1000, elapsedMs - expectedMs)));
}

/**
 * The provider's time from submission, as best observed: when the provider says the result was ready (`readyAt`:
 * its acceptance plus the time it ran), kept between the last look that saw it running and the one that saw it done;
 * else halfway between those looks (a wide guess: the schedule's first looks, without history, are seconds apart),
 * or the look that saw it done when no earlier one since submission saw it running.
 */
export function observedProviderMs(createdAt: number, doneAt: number, lastRunningAt: number | undefined, readyAt?: number): number {
  const lower = lastRunningAt !== undefined && lastRunningAt > createdAt && lastRunningAt < doneAt ? lastRunningAt : doneAt;
  const ready = readyAt === undefined ? (lower + doneAt) / 2 : Math.min(doneAt, Math.max(lower === doneAt ? createdAt : lower, readyAt));
  return Math.max(0, Math.round(ready - createdAt));
}
