// Queries over the uploads table: the owner's stored bytes, and uploads nobody used for a day.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FileStorage } from '../../../storage/storage.ts';
import { Upload } from './upload.entity.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Bytes of every upload the user has stored (used or not). */
export async function storedUploadBytes(em: SqlEntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ total: number | string }[]>(
    'select coalesce(sum("bytes"), 0) as "total" from "uploads" where "user_id" = ?',
    [userId],
  );
  return Number(row?.total ?? 0);
}

/**
 * Deletes uploads older than a day that no task of their owner refers to (files, thumbnails, rows); marks the
 * ones a task refers to as used, so they are kept with the task. Returns how many were deleted.
 */
export async function deleteUnusedUploads(em: SqlEntityManager, storage: FileStorage, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DAY_MS);
  // Keys carry 128 random bits, so finding one inside a task's input URLs cannot match by chance.
  await em.execute(
    `update "uploads" u set "used_at" = ?
      where u."used_at" is null and u."created_at" < ?
        and exists (select 1 from "image_tasks" t
                     where t."user_id" = u."user_id" and array_to_string(t."input_image_urls", ' ') like '%' || u."key" || '%')`,
    [now, cutoff],
  );
  const stale = await em.find(Upload, { usedAt: null, createdAt: { $lt: cutoff } }, { limit: 500 });
  for (const upload of stale) {
    await storage.delete(upload.key);
    await storage.delete(upload.thumbnailKey);
    await em.nativeDelete(Upload, { key: upload.key });
  }
  return stale.length;
}
