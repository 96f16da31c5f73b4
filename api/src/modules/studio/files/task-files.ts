// The stored files a task names, and their removal once the rows that named them are gone (after the commit: a
// rollback then never leaves a task pointing at a deleted file).
import { thumbnailKeyFor } from '../../../images/thumbnail.ts';
import type { FileStorage } from '../../../storage/storage.ts';
import type { ImageTask } from '../tasks/image-task.entity.ts';

type KeyReader = Pick<FileStorage, 'keyFromPublicUrl'>;

/**
 * Our stored files a task refers to: its results and their thumbnails, and with `uploads` the uploaded references
 * it used (kept when only the task goes: another task may use the same upload).
 */
export function taskFileKeys(
  storage: KeyReader,
  task: Pick<ImageTask, 'resultUrls' | 'thumbnailUrl' | 'inputImageUrls'>,
  options: { uploads: boolean },
): string[] {
  const keys = new Set<string>();
  for (const url of task.resultUrls) {
    const key = storage.keyFromPublicUrl(url);
    if (key?.startsWith('results/')) keys.add(key).add(thumbnailKeyFor(key));
  }
  const thumbnail = task.thumbnailUrl && storage.keyFromPublicUrl(task.thumbnailUrl);
  if (thumbnail?.startsWith('thumbs/')) keys.add(thumbnail);
  if (options.uploads) {
    for (const url of task.inputImageUrls) {
      const key = storage.keyFromPublicUrl(url);
      if (key?.startsWith('uploads/')) keys.add(key);
    }
  }
  return [...keys];
}
