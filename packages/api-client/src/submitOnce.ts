import { useCallback, useRef, useState } from 'react';

/**
 * A second press this soon after a first one that went through belongs to the same gesture (a double click, a
 * double tap, Enter pressed twice), even when the answer came back in between.
 */
export const REPEAT_PRESS_MS = 1000;

/**
 * Runs a form's submission one at a time: a press while one runs is ignored, and so is one within
 * `REPEAT_PRESS_MS` of the start of a submission that did something (`work` resolved to a value other than
 * undefined or false); after a failure the next press is a retry and runs at once. Ignored presses answer undefined.
 * `isBusy` is for the button (`isPending`).
 */
export function useSubmitOnce() {
  const running = useRef(false);
  const lastDone = useRef(Number.NEGATIVE_INFINITY);
  const [isBusy, setBusy] = useState(false);
  const run = useCallback(async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    const startedAt = performance.now();
    if (running.current || startedAt - lastDone.current < REPEAT_PRESS_MS) return undefined;
    running.current = true;
    setBusy(true);
    try {
      const result = await work();
      if (result !== undefined && result !== false) lastDone.current = startedAt;
      return result;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { run, isBusy };
}
