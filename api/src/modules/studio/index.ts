import type { ApiModule } from '../module.ts';
import { ImageTask } from './image-task.entity.ts';
import { studioProcess } from './process.ts';
import { studioHandlers } from './routes.ts';
import { Upload } from './upload.entity.ts';

export { type PriceList, type TaskKind, taskCost } from './cost.ts';
export { type GenerationFailedEvent, StudioEvents } from './events.ts';
export { storedFiles } from './files.middleware.ts';
export { ImageTask } from './image-task.entity.ts';
export { ImageTaskRepository } from './image-task.repository.ts';
export { expireOverdueTasks, failAndRefund } from './jobs/work-on-task.ts';
export { presentImageTask } from './presenter.ts';
export { deleteFailedTasks, findTaskForUser, recheckFailedTasks } from './recovery.service.ts';
export { refundTask } from './refund.ts';
export { createStudioRuntime, StudioRuntime } from './runtime.ts';
export { type SubmitTaskInput, type SubmittedTask, submitImageTask } from './submit.service.ts';
export { deleteUnusedUploads } from './upload.repository.ts';

/** The image studio: tasks, uploads, the proxy, provider callbacks; its runtime runs the background jobs. */
export const studioModule: ApiModule = {
  name: 'studio',
  entities: [ImageTask, Upload],
  handlers: studioHandlers,
  process: studioProcess,
};
