// Polling cadence: about 3 s at first, growing to 10 s (provider docs).

/** Delay before the next status check after `attempts` checks: `min * 1.5^attempts`, capped at `max`. */
export function nextCheckDelay(attempts: number, minMs: number, maxMs: number): number {
  return Math.round(Math.min(maxMs, minMs * 1.5 ** Math.max(0, attempts)));
}
