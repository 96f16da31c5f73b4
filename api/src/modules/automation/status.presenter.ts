// The automation API's status answer (also the callback body): a view of the task as the studio presents it.
import type { AutomationTaskStatus } from '@app/contract';
import { presentImageTask, type TaskRow } from '../studio/index.ts';

/** pending/generating are `processing`; a completed upscale's own result is the HD image. */
export function presentAutomationStatus(row: TaskRow): AutomationTaskStatus {
  const task = presentImageTask(row);
  const failed = task.status === 'failed';
  const completed = task.status === 'completed';
  return {
    success: !failed,
    status: completed ? 'completed' : failed ? 'failed' : 'processing',
    imageUrl: completed ? (task.resultUrls[0] ?? task.hdImageUrl ?? null) : null,
    taskId: task.taskId,
    prompt: task.prompt,
    aspectRatio: task.aspectRatio,
    creditsUsed: task.creditsUsed,
    error: failed ? (task.errorMessage ?? 'The image could not be created.') : null,
    creditsRefunded: failed && task.refunded ? task.creditsUsed : 0,
    isFavourite: task.isFavourite,
  };
}
