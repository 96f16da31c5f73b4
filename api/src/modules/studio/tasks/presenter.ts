// Image tasks to the contract's wire shapes: the one mapper from a task row to what is sent, for the task list, the
// submit answers, the automation status (built on it) and the live stream's events.
import { type ImageTask as ImageTaskDto, LiveTaskEvent } from '@app/contract';
import { failureCause } from './failure-messages.ts';
import type { TaskRow } from './task-row.ts';

/** A task as its owner sees it. Job bookkeeping, provider ids and accounts stay on the server. */
export function presentImageTask(task: TaskRow): ImageTaskDto {
  return {
    id: task.id,
    taskId: task.taskId,
    prompt: task.prompt,
    inputImageUrls: task.inputImageUrls ?? [],
    model: task.model,
    generationType: task.generationType,
    aspectRatio: task.aspectRatio,
    scaleRatio: task.scaleRatio ?? null,
    faceEnhancement: task.faceEnhancement,
    outputFormat: task.outputFormat === 'jpeg' ? 'jpeg' : 'png',
    imageSize: task.imageSize as ImageTaskDto['imageSize'],
    seeds: task.seeds ?? null,
    enableFallback: task.enableFallback,
    status: task.status,
    resultUrls: task.resultUrls ?? [],
    thumbnailUrl: task.thumbnailUrl ?? null,
    hdImageUrl: task.hdImageUrl ?? null,
    errorMessage: task.errorMessage ?? null,
    failureCause: task.errorMessage ? failureCause(task.errorMessage) : null,
    creditsUsed: task.creditsUsed,
    createdVia: task.createdVia,
    refunded: task.refunded,
    isFavourite: task.isFavourite,
    refundedAt: task.refundedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    completedAt: task.completedAt?.toISOString() ?? null,
    batchId: task.batchId ?? null,
  };
}

type LiveTaskField = Exclude<keyof LiveTaskEvent, 'revision'>;

/** The task fields the live event carries, as the contract picks them: a field added there is sent with no change here. */
const LIVE_TASK_FIELDS = Object.keys(LiveTaskEvent.shape).filter((key): key is LiveTaskField => key !== 'revision');

/** `event: task` of the live stream: the presented task's fields the contract picks, and its revision. */
export function presentLiveTask(task: TaskRow): LiveTaskEvent {
  const presented = presentImageTask(task);
  const event: Partial<Record<keyof LiveTaskEvent, unknown>> = { revision: task.revision };
  for (const field of LIVE_TASK_FIELDS) event[field] = presented[field];
  return event as LiveTaskEvent;
}
