// A deleted user's image tasks go with their files: prompts and pictures are personal data. Ledger entries
// keep the task ids they were written with, as plain historical references (the ledger is never edited).
import type { SqlEntityManager } from '@mikro-orm/sql';
import { thumbnailKeyFor } from '../../../images/thumbnail.ts';
import type { FileStorage } from '../../../storage/storage.ts';
import { ImageTask } from '../../studio/index.ts';

type KeyReader = Pick<FileStorage, 'keyFromPublicUrl'>;

/** Our stored files a task refers to: results, their thumbnails, and the uploads it used. */
export function storedKeysOf(storage: KeyReader, task: Pick<ImageTask, 'resultUrls' | 'thumbnailUrl' | 'inputImageUrls'>): string[] {
  const keys = new Set<string>();
  for (const url of task.resultUrls) {
    const key = storage.keyFromPublicUrl(url);
    if (key?.startsWith('results/')) keys.add(key).add(thumbnailKeyFor(key));
  }
  const thumbnail = task.thumbnailUrl ? storage.keyFromPublicUrl(task.thumbnailUrl) : null;
  if (thumbnail) keys.add(thumbnail);
  for (const url of task.inputImageUrls) {
    const key = storage.keyFromPublicUrl(url);
    if (key?.startsWith('uploads/')) keys.add(key);
  }
  return [...keys];
}

/**
 * Deletes every image task row of a user (join the caller's transaction) and returns the stored files they
 * referred to, for `deleteFiles` once the transaction committed: a rollback then never leaves a task
 * pointing at a deleted file.
 */
export async function deleteUserTaskRows(em: SqlEntityManager, storage: KeyReader | undefined, userId: string): Promise<string[]> {
  const tasks = await em.find(ImageTask, { user: userId });
  if (!tasks.length) return [];
  await em.nativeDelete(ImageTask, { user: userId });
  return storage ? [...new Set(tasks.flatMap((task) => storedKeysOf(storage, task)))] : [];
}

/** Deletes stored files (a missing file is not an error). */
export async function deleteFiles(storage: Pick<FileStorage, 'delete'> | undefined, keys: readonly string[]): Promise<void> {
  if (!storage) return;
  for (const key of keys) await storage.delete(key);
}
