// A background loop of one process: runs a step, waits, runs it again. Steps never overlap, a failed step is
// logged and the loop goes on, and stop() waits for the step in flight (graceful shutdown).
import type { Logger } from 'pino';

export interface Periodic {
  stop(): Promise<void>;
}

/** Runs `step` every `everyMs` (after the previous step ended) until stopped. */
export function startPeriodic(name: string, everyMs: number, logger: Logger, step: () => Promise<unknown>): Periodic {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step()
        .then(() => undefined)
        .catch((error: unknown) => logger.error({ err: error }, `${name} failed`))
        .finally(schedule);
    }, everyMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
