// Stored files no row names: what a process killed between storing a file and committing its row leaves (the app
// stores first, so a row never names a missing file), and what a failed clean-up could not take back. A sweep lists
// the public prefixes and deletes what is unreferenced and older than a grace period (the longest a store may
// wait for its row), so a file whose row is still being written is never touched.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { type FileStorage, PUBLIC_PREFIXES, type StoredObject } from '../../../storage/storage.ts';

/** `results/a/0.png`, `thumbs/results/a/0.webp` -> `results/a/0`: a file and its thumbnail share one stem. */
const stemOf = (key: string) => key.replace(/^thumbs\//, '').replace(/\.[A-Za-z0-9]+$/, '');

/**
 * The stems among `stems` that a row refers to: an upload's file or thumbnail, or any URL a task keeps (results,
 * thumbnail, HD image, inputs), matched by the key after `/files/` so a changed PUBLIC_URL still counts.
 */
async function referencedStems(em: SqlEntityManager, stems: string[]): Promise<Set<string>> {
  const rows = await em.execute<{ stem: string }[]>(
    `select distinct s.stem from jsonb_array_elements_text(?::jsonb) as s(stem)
      where exists (select 1 from "uploads" u
                     where regexp_replace(u."key", '\\.[A-Za-z0-9]+$', '') = s.stem
                        or regexp_replace(regexp_replace(u."thumbnail_key", '^thumbs/', ''), '\\.[A-Za-z0-9]+$', '') = s.stem)
         or s.stem in (select regexp_replace(regexp_replace(coalesce(substring(url from '/files/(.+)$'), url), '^thumbs/', ''),
                                             '\\.[A-Za-z0-9]+$', '')
                         from "image_tasks" t,
                              unnest(t."result_urls" || t."input_image_urls" || array[t."thumbnail_url", t."hd_image_url"]) as url
                        where url is not null)`,
    [JSON.stringify(stems)],
  );
  return new Set(rows.map((row) => row.stem));
}

export interface UnreferencedFilesSweep {
  /** Files older than this are deleted when no row names them. */
  graceMs: number;
  now?: Date;
}

/** Deletes unreferenced files under uploads/, results/ and thumbs/ older than the grace period; returns their keys. */
export async function deleteUnreferencedFiles(
  em: SqlEntityManager,
  storage: FileStorage,
  { graceMs, now = new Date() }: UnreferencedFilesSweep,
): Promise<string[]> {
  const cutoff = now.getTime() - graceMs;
  const deleted: string[] = [];
  for (const prefix of PUBLIC_PREFIXES) {
    for await (const page of storage.list(prefix)) {
      const old = page.filter((object: StoredObject) => object.modifiedAt.getTime() < cutoff);
      if (!old.length) continue;
      const referenced = await referencedStems(em, [...new Set(old.map((object) => stemOf(object.key)))]);
      const unreferenced = old.map(({ key }) => key).filter((key) => !referenced.has(stemOf(key)));
      const failed = await storage.deleteMany(unreferenced);
      const kept = new Set(failed.map(({ key }) => key));
      deleted.push(...unreferenced.filter((key) => !kept.has(key)));
      // The next sweep tries again; this one stops, as a store that fails one removal likely fails the next.
      if (failed[0]) throw failed[0].error;
    }
  }
  return deleted;
}
