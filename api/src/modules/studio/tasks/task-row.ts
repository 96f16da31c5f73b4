// The repository's column map of a task: the one list of what a task is read and presented from. The list's SELECT,
// the row type and the conversion from what the driver returns all come from it, so a new field is one line here.
import { columnMap } from '../../../db/column-map.ts';
import type { ImageTask } from './image-task.entity.ts';

/**
 * What a task is presented from (`presenter.ts`), plus `revision` (the list's ETag and the live event's order).
 * Job bookkeeping, provider ids and accounts are not here: they never leave the server.
 */
export const TASK_ROW = columnMap<ImageTask>()({
  id: 'text',
  taskId: 'text',
  prompt: 'text',
  inputImageUrls: 'text[]',
  model: 'text',
  generationType: 'text',
  aspectRatio: 'text',
  scaleRatio: 'integer',
  faceEnhancement: 'boolean',
  outputFormat: 'text',
  imageSize: 'text',
  seeds: 'integer',
  enableFallback: 'boolean',
  status: 'text',
  resultUrls: 'text[]',
  thumbnailUrl: 'text',
  hdImageUrl: 'text',
  errorMessage: 'text',
  creditsUsed: 'integer',
  createdVia: 'text',
  refunded: 'boolean',
  isFavourite: 'boolean',
  refundedAt: 'time',
  createdAt: 'time',
  completedAt: 'time',
  revision: 'integer',
  batchId: 'text',
});

/** A task as the presenter reads it: an entity, or a row read with `TASK_ROW`. */
export type TaskRow = ReturnType<typeof TASK_ROW.read>;
