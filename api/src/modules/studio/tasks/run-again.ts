// "Run again": one of the user's tasks submitted once more exactly as it was asked for, at today's web price.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { notFound } from '../../../errors.ts';
import { ImageTask } from './image-task.entity.ts';
import type { SubmitTaskInput } from './submit.service.ts';

/**
 * The submission that repeats task `taskId` of `userId`: kind, prompt, references, aspect ratio, size, format, seed,
 * fallback, scale and face enhancement, and the upscaled source. 404 for a task that is not the user's.
 */
export async function runAgainInput(em: SqlEntityManager, userId: string, taskId: string): Promise<SubmitTaskInput> {
  const task = await em.findOne(ImageTask, { taskId, user: userId });
  if (!task) throw notFound('No task of yours has this id.');
  return {
    userId,
    kind: task.generationType,
    prompt: task.prompt,
    inputImageUrls: [...task.inputImageUrls],
    aspectRatio: task.aspectRatio,
    imageSize: task.imageSize,
    outputFormat: task.outputFormat === 'jpeg' ? 'jpeg' : 'png',
    seeds: task.seeds ?? null,
    enableFallback: task.enableFallback,
    scaleRatio: task.scaleRatio ?? null,
    faceEnhancement: task.faceEnhancement,
    sourceTaskId: task.sourceTaskId ?? null,
    createdVia: 'web',
    priceList: 'studio',
  };
}
