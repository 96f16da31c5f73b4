// Image tasks to the automation API's status answer (also the callback body).
import type { AutomationTaskStatus } from '@app/contract';
import type { ImageTask } from '../studio/index.ts';

/** pending/generating are `processing`; a completed upscale's own result is the HD image. */
export function presentAutomationStatus(task: ImageTask): AutomationTaskStatus {
  const failed = task.status === 'failed';
  const completed = task.status === 'completed';
  return {
    success: !failed,
    status: completed ? 'completed' : failed ? 'failed' : 'processing',
    imageUrl: completed ? (task.resultUrls?.[0] ?? task.hdImageUrl ?? null) : null,
    taskId: task.taskId,
    prompt: task.prompt,
    aspectRatio: task.aspectRatio,
    creditsUsed: task.creditsUsed,
    error: failed ? (task.errorMessage ?? 'The image could not be created.') : null,
    creditsRefunded: failed && task.refunded ? task.creditsUsed : 0,
  };
}
