// The cluster's housekeeping as pg-boss schedules: one process runs each occurrence, however many are up.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Orm } from '../db/orm.ts';
import { purgeExpiredSessions } from '../modules/auth/session.service.ts';
import { reconcilePayPalOrders } from '../modules/billing/index.ts';
import { deleteUnusedUploads, expireOverdueTasks } from '../modules/studio/index.ts';
import type { StudioRuntime } from '../modules/studio/runtime.ts';
import type { Jobs } from './boss.ts';

export interface SweepContext {
  orm: Orm;
  config: Config;
  logger: Logger;
  studio: StudioRuntime;
}

export interface Sweep {
  /** Queue name of the schedule. */
  name: string;
  /** Cron expression (UTC). */
  cron: string;
  run(context: SweepContext): Promise<unknown>;
}

export const SWEEPS: readonly Sweep[] = [
  // In-flight tasks past their time limit are failed and refunded.
  { name: 'sweep-task-time-limits', cron: '* * * * *', run: ({ studio }) => expireOverdueTasks(studio.work) },
  // PayPal payments whose buyer never came back to capture them (or whose held capture completed later).
  { name: 'sweep-paypal-reconcile', cron: '*/5 * * * *', run: ({ orm, config, logger }) => reconcilePayPalOrders({ orm, config, logger }) },
  // Sessions of users who never come back.
  {
    name: 'sweep-expired-sessions',
    cron: '17 * * * *',
    run: ({ orm, config }) => purgeExpiredSessions(orm.em.fork(), null, config.sessions),
  },
  // Uploads no task used within a day: files, thumbnails and rows.
  {
    name: 'sweep-unused-uploads',
    cron: '23 * * * *',
    run: ({ orm, studio }) => deleteUnusedUploads(orm.em.fork(), studio.storage),
  },
];

/** Schedules every sweep; only processes that run workers take occurrences. */
export async function scheduleSweeps(jobs: Jobs, context: SweepContext, sweeps: readonly Sweep[] = SWEEPS): Promise<void> {
  for (const sweep of sweeps) {
    await jobs.every(sweep.name, sweep.cron, async () => {
      try {
        const result = await sweep.run(context);
        context.logger.debug({ sweep: sweep.name, result }, 'sweep ran');
      } catch (error) {
        // The job is marked failed too; the next occurrence tries again.
        context.logger.error({ err: error, sweep: sweep.name }, 'sweep failed');
        throw error;
      }
    });
  }
}
