import type { ApiModule } from '../module.ts';
import { Board, BoardImage } from './boards/board.entity.ts';
import { boardHandlers } from './boards/routes.ts';
import { ImageArchive } from './bulk/image-archive.entity.ts';
import { studioBulkHandlers } from './bulk/routes.ts';
import { studioProcess } from './process.ts';
import { studioHandlers } from './routes.ts';
import { shareHandlers } from './shares/routes.ts';
import { Share } from './shares/share.entity.ts';
import { ImageTask } from './tasks/image-task.entity.ts';
import { Upload } from './uploads/upload.entity.ts';

export { StudioEvents } from './events.ts';
export { storedFiles } from './files/files.middleware.ts';
export { checkTaskImageInputs } from './files/image-sources.ts';
export { taskFileKeys } from './files/task-files.ts';
export { deleteUnreferencedFiles } from './files/unreferenced-files.ts';
export { TASK_STEP_QUEUE } from './jobs/task-queue.ts';
export { workOnTask } from './jobs/work-on-task.ts';
export { taskInProgress } from './problems.ts';
export { StudioRuntime } from './runtime.ts';
export { registerSharePages } from './shares/public-pages.ts';
export type { TaskKind } from './tasks/cost.ts';
export { adminRefundReason } from './tasks/failure-messages.ts';
export { ImageTask, IN_FLIGHT_STATUSES } from './tasks/image-task.entity.ts';
export { ImageTaskRepository } from './tasks/image-task.repository.ts';
export { presentImageTask, presentLiveTask } from './tasks/presenter.ts';
export { deleteFailedTasks, findTaskForUser, recheckFailedTasks } from './tasks/recovery.service.ts';
export { refundTask, usageKey } from './tasks/refund.ts';
export type { SubmitTaskInput, SubmittedTask } from './tasks/submit.service.ts';
export { newTaskId } from './tasks/task-id.ts';
export { TaskListCache } from './tasks/task-list-cache.ts';
export type { TaskRow } from './tasks/task-row.ts';
export { type AfterTransition, failTask, type TaskTransition } from './tasks/task-state.ts';
export { UPLOAD_BODY_LIMIT } from './uploads/upload.service.ts';

/** The image studio: tasks, uploads, the proxy, provider callbacks; its runtime runs the background jobs. */
export const studioModule: ApiModule = {
  name: 'studio',
  entities: [ImageTask, Upload, Board, BoardImage, ImageArchive, Share],
  handlers: { ...studioHandlers, ...boardHandlers, ...studioBulkHandlers, ...shareHandlers },
  process: studioProcess,
};
