// The studio's part of the running process: its runtime (storage, providers, task jobs) on `ctx.services.studio`,
// and its sweeps. Built before the modules that hook into its task transitions (admin alerts, automation callbacks).
import { scheduleSweeps } from '../../jobs/sweeps.ts';
import type { ModuleProcess, ProcessContext } from '../module.ts';
import { deleteExpiredArchives } from './bulk/archive.ts';
import { deleteUnreferencedFiles } from './files/unreferenced-files.ts';
import { expireOverdueTasks } from './jobs/work-on-task.ts';
import { createStudioRuntime, type StudioRuntime } from './runtime.ts';
import { deleteUnusedUploads } from './uploads/upload.repository.ts';

declare module '../../http/context.ts' {
  interface AppServices {
    /** The image studio of this process. */
    studio: StudioRuntime;
  }
}

export async function studioProcess(context: ProcessContext): Promise<ModuleProcess> {
  const { config, orm, logger, jobs, services } = context;
  const { rateLimits, settings } = services;
  const studio = createStudioRuntime({ config, orm, logger, jobs, publicUrl: context.publicUrl, rateLimits, settings });
  services.studio = studio;
  return {
    // A web process (ROLE=web) declares the queues and sends; workers run the task steps and sweeps.
    async start() {
      await studio.start();
      await scheduleSweeps(jobs, logger, [
        // In-flight tasks past their time limit are failed and refunded.
        { name: 'sweep-task-time-limits', cron: '* * * * *', run: () => expireOverdueTasks(studio.work) },
        // Uploads no task used within a day: files, thumbnails and rows.
        { name: 'sweep-unused-uploads', cron: '23 * * * *', run: () => deleteUnusedUploads(orm.em.fork(), studio.storage) },
        // Stored files no row names (a process killed between storing and committing), past their grace period.
        {
          name: 'sweep-unreferenced-files',
          cron: '47 * * * *',
          run: async () =>
            (await deleteUnreferencedFiles(orm.em.fork(), studio.storage, { graceMs: config.studio.unreferencedFilesGraceMs })).length,
        },
        // Prepared ZIP downloads past their 15 minutes.
        { name: 'sweep-expired-archives', cron: '53 * * * *', run: () => deleteExpiredArchives(orm.em.fork()) },
      ]);
    },
    async stop() {
      await studio.stop();
      // Last: jobs stopped before may still have used the storage.
      studio.storage.close?.();
    },
  };
}
