import { useCallback, useRef, useState } from 'react';

/**
 * A second press this soon after the first belongs to the same gesture (a double click, a double tap, Enter pressed
 * twice), even when the answer came back in between.
 */
export const REPEAT_PRESS_MS = 1000;

/**
 * Runs a form's submission one at a time: a press while one runs, or within `REPEAT_PRESS_MS` of the last one's
 * start, is ignored (returns undefined), so one intent sends once. `isBusy` is for the button (`isPending`).
 */
export function useSubmitOnce() {
  const running = useRef(false);
  const startedAt = useRef(Number.NEGATIVE_INFINITY);
  const [isBusy, setBusy] = useState(false);
  const run = useCallback(async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    const now = performance.now();
    if (running.current || now - startedAt.current < REPEAT_PRESS_MS) return undefined;
    running.current = true;
    startedAt.current = now;
    setBusy(true);
    try {
      return await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { run, isBusy };
}
