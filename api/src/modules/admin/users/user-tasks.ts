// A deleted user's image tasks go with their files: prompts and pictures are personal data. Ledger entries
// keep the task ids they were written with, as plain historical references (the ledger is never edited).
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FileStorage } from '../../../storage/storage.ts';
import { ImageTask, taskFileKeys } from '../../studio/index.ts';

type KeyReader = Pick<FileStorage, 'keyFromPublicUrl'>;

/**
 * Deletes every image task row of a user (join the caller's transaction) and returns the stored files they
 * referred to, for `deleteFiles` once the transaction committed: a rollback then never leaves a task
 * pointing at a deleted file.
 */
export async function deleteUserTaskRows(em: SqlEntityManager, storage: KeyReader | undefined, userId: string): Promise<string[]> {
  const tasks = await em.find(ImageTask, { user: userId });
  if (!tasks.length) return [];
  await em.nativeDelete(ImageTask, { user: userId });
  return storage ? [...new Set(tasks.flatMap((task) => taskFileKeys(storage, task, { uploads: true })))] : [];
}

/** Deletes stored files (a missing file is not an error); the first failure is thrown once every deletion was tried. */
export async function deleteFiles(storage: Pick<FileStorage, 'deleteMany'> | undefined, keys: readonly string[]): Promise<void> {
  if (!storage) return;
  const [failed] = await storage.deleteMany(keys);
  if (failed) throw failed.error;
}
