import type { MessageKey } from '@app/i18n';
import type { ImageTask, TaskModel, TaskStatus } from './types.ts';

/** Cuts `text` to `max` characters, marking the cut with an ellipsis (spec: 50 in the preview, 60 on cards). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** pending and generating are in progress (spinner); anything else is settled. */
export function isInProgress(status: TaskStatus | string): boolean {
  return status === 'pending' || status === 'generating';
}

export const STATUS_LABELS: Record<TaskStatus, MessageKey> = {
  pending: 'studio.statusPending',
  generating: 'studio.statusGenerating',
  completed: 'studio.statusCompleted',
  failed: 'studio.statusFailed',
};

export const MODEL_LABELS: Record<TaskModel, MessageKey> = {
  nano_banana: 'studio.modelNanoBanana',
  nano_banana_edit: 'studio.modelNanoBananaEdit',
  nano_banana_upscale: 'studio.modelNanoBananaUpscale',
};

/** Tasks from the automation API (api or n8n) are tagged API, the studio's own WEB. */
export function isFromApi(task: Pick<ImageTask, 'createdVia'>): boolean {
  return task.createdVia !== 'web';
}

export function isUpscale(task: Pick<ImageTask, 'generationType'>): boolean {
  return task.generationType === 'upscale';
}

/**
 * What a task's own image is: `high` for an upscale (its image is the HD one), `hdReady` for a task whose result was
 * upscaled (an HD version exists elsewhere; its own image stays standard), else `standard`. The card's HD badge and
 * the dialog's label both read this, so they always agree.
 */
export type Quality = 'high' | 'hdReady' | 'standard';

export function qualityOf(task: Pick<ImageTask, 'generationType' | 'hdImageUrl'>): Quality {
  if (isUpscale(task)) return 'high';
  if (task.hdImageUrl) return 'hdReady';
  return 'standard';
}

export const QUALITY_LABELS: Record<Quality, MessageKey> = {
  high: 'studio.qualityHigh',
  hdReady: 'studio.qualityHdReady',
  standard: 'studio.qualityStandard',
};

/** The HD badge belongs to the task whose image is the HD one: the upscale, never the source it was made from. */
export function wearsHdBadge(task: Pick<ImageTask, 'generationType' | 'hdImageUrl'>): boolean {
  return qualityOf(task) === 'high';
}

/** CSS aspect ratio of the dialog's image: the three shapes the spec names, anything else 3:4. */
export function aspectLayout(aspectRatio: string): string {
  if (aspectRatio === '1:1') return '1 / 1';
  if (aspectRatio === '9:16') return '9 / 16';
  if (aspectRatio === '16:9') return '16 / 9';
  return '3 / 4';
}

/** The image a grid shows: the small thumbnail when there is one, else the first result. */
export function thumbnailOf(task: Pick<ImageTask, 'thumbnailUrl' | 'resultUrls'>): string | undefined {
  return task.thumbnailUrl ?? task.resultUrls[0];
}

/** Credits the task cost; the spec's default is 1 when unknown. */
export function creditsOf(task: { creditsUsed?: number | null }): number {
  return task.creditsUsed ?? 1;
}
