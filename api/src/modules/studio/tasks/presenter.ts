// Image tasks to the contract's wire shape.
import type { ImageTask as ImageTaskDto } from '@app/contract';
import type { ImageTask } from './image-task.entity.ts';

/** The fields a task is presented from: an entity, or a row of the list query (`image-task.repository.ts`). */
export type PresentableTask = Pick<
  ImageTask,
  | 'id'
  | 'taskId'
  | 'prompt'
  | 'inputImageUrls'
  | 'model'
  | 'generationType'
  | 'aspectRatio'
  | 'scaleRatio'
  | 'faceEnhancement'
  | 'outputFormat'
  | 'imageSize'
  | 'seeds'
  | 'enableFallback'
  | 'status'
  | 'resultUrls'
  | 'thumbnailUrl'
  | 'hdImageUrl'
  | 'errorMessage'
  | 'creditsUsed'
  | 'createdVia'
  | 'refunded'
  | 'refundedAt'
  | 'createdAt'
  | 'completedAt'
>;

/** A task as its owner sees it. Job bookkeeping, provider ids and accounts stay on the server. */
export function presentImageTask(task: PresentableTask): ImageTaskDto {
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
    creditsUsed: task.creditsUsed,
    createdVia: task.createdVia,
    refunded: task.refunded,
    refundedAt: task.refundedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    completedAt: task.completedAt?.toISOString() ?? null,
  };
}
