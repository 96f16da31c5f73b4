// The cluster's housekeeping as pg-boss schedules: one process runs each occurrence, however many are up.
// Each module schedules its own sweeps when its process starts (see `ApiModule.process`).
import type { Logger } from 'pino';
import type { Jobs } from './boss.ts';

export interface Sweep {
  /** Queue name of the schedule. */
  name: string;
  /** Cron expression (UTC). */
  cron: string;
  run(): Promise<unknown>;
}

/** Schedules sweeps; only processes that run workers take occurrences. */
export async function scheduleSweeps(jobs: Jobs, logger: Logger, sweeps: readonly Sweep[]): Promise<void> {
  for (const sweep of sweeps) {
    await jobs.every(sweep.name, sweep.cron, async () => {
      try {
        const result = await sweep.run();
        logger.debug({ sweep: sweep.name, result }, 'sweep ran');
      } catch (error) {
        // The job is marked failed too; the next occurrence tries again.
        logger.error({ err: error, sweep: sweep.name }, 'sweep failed');
        throw error;
      }
    });
  }
}
