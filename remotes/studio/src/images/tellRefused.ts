import type { useT } from '@app/i18n';
import { toast } from '@app/ui';
import type { ImageRefusal } from './imageFiles.ts';

const REASONS = {
  type: 'studio.imageNotImage',
  size: 'studio.imageTooLarge',
  damaged: 'studio.imageDamaged',
} as const satisfies Record<ImageRefusal, string>;

/** Tells at once which picked files were refused, each by name and why; false when none was. */
export function tellRefused(t: ReturnType<typeof useT>, refused: ReadonlyArray<{ file: File; refusal: ImageRefusal }>): boolean {
  if (refused.length === 0) return false;
  const description = refused.map(({ file, refusal }) => t(REASONS[refusal], { name: file.name })).join(' ');
  toast({ title: t('studio.imageRefusedTitle', { count: refused.length }), description, variant: 'warning' });
  return true;
}
