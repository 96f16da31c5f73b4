// The ZIP of chosen images: prepared (checked and kept under a random id for 15 minutes), then streamed by a GET the
// browser saves to disk. Entries are added one after another, each original read from storage as a stream while the
// ZIP flows out, so memory stays bounded however many images there are; a client that goes away stops the reading.
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ZipArchive } from 'archiver';
import type { Logger } from 'pino';
import { notFound } from '../../../errors.ts';
import { type FileStorage, randomId } from '../../../storage/storage.ts';
import { taskNotCompleted } from '../problems.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';
import { chosenTasks } from './chosen-tasks.ts';
import { ImageArchive } from './image-archive.entity.ts';

/** How long a prepared archive's address works. */
export const ARCHIVE_TTL_MS = 15 * 60 * 1000;
/** Tasks read per query while streaming (their prompts are the bulk of a row). */
const READ_BATCH = 100;

/** Checks the tasks (the caller's, completed) and keeps the choice; answers where to download it. */
export async function prepareArchive(em: SqlEntityManager, userId: string, taskIds: readonly string[]) {
  const tasks = await chosenTasks(em, userId, taskIds);
  const unfinished = tasks.find((task) => task.status !== 'completed' || task.resultUrls.length === 0);
  if (unfinished) throw taskNotCompleted(`${unfinished.taskId} has no image to download.`);
  const now = Date.now();
  const id = randomId();
  const expiresAt = new Date(now + ARCHIVE_TTL_MS);
  em.create(ImageArchive, { id, user: userId, taskIds: tasks.map((task) => task.taskId), expiresAt });
  await em.flush();
  return {
    url: `/api/image-tasks/archives/${id}`,
    expiresAt: expiresAt.toISOString(),
    images: tasks.reduce((sum, task) => sum + task.resultUrls.length, 0),
  };
}

/** Expired choices go on a schedule (`sweep-expired-archives`): the table holds about an hour of downloads. */
export async function deleteExpiredArchives(em: SqlEntityManager, now = new Date()): Promise<number> {
  return em.nativeDelete(ImageArchive, { expiresAt: { $lt: now } });
}

/** One line of `manifest.json`: what made the image. */
function manifestEntry(task: ImageTask, file: string) {
  return {
    file,
    taskId: task.taskId,
    prompt: task.prompt,
    type: task.generationType,
    model: task.model,
    aspectRatio: task.aspectRatio,
    outputFormat: task.outputFormat,
    imageSize: task.imageSize,
    seed: task.seeds ?? null,
    scaleRatio: task.scaleRatio ?? null,
    faceEnhancement: task.faceEnhancement,
    createdVia: task.createdVia,
    createdAt: task.createdAt.toISOString(),
    completedAt: task.completedAt?.toISOString() ?? null,
  };
}

/** `2026-11-28_tsk_abc_1.png`: sorts by day, and names the task it came from. */
const fileName = (task: ImageTask, index: number, key: string) =>
  `${task.createdAt.toISOString().slice(0, 10)}_${task.taskId}_${index + 1}.${key.split('.').pop()}`;

export interface ArchiveStream {
  zip: ZipArchive;
  fileName: string;
}

/** The prepared archive as a ZIP stream (404 when the id is unknown, expired or someone else's). */
export async function openArchive(
  em: SqlEntityManager,
  files: { storage: FileStorage; logger: Logger },
  userId: string,
  archiveId: string,
): Promise<ArchiveStream> {
  const archive = await em.findOne(ImageArchive, { id: archiveId, user: userId, expiresAt: { $gt: new Date() } });
  if (!archive) throw notFound('This download has expired or is not yours. Choose the images again.');
  // Images are compressed already: stored as they are, the ZIP costs no CPU and starts at once.
  const zip = new ZipArchive({ store: true });
  void addEntries(em, files, userId, archive.taskIds, zip).catch((error: unknown) => {
    if (zip.destroyed) return; // the client left: nothing to tell
    files.logger.warn({ err: error }, 'an image archive stopped');
    zip.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { zip, fileName: `images-${new Date().toISOString().slice(0, 10)}.zip` };
}

/** Adds each task's images, one entry at a time, then the manifest; stops when the ZIP is closed (the client left). */
async function addEntries(
  em: SqlEntityManager,
  files: { storage: FileStorage },
  userId: string,
  taskIds: string[],
  zip: ZipArchive,
): Promise<void> {
  const closed = new AbortController();
  zip.once('close', () => closed.abort());
  let reading: Readable | null = null;
  closed.signal.addEventListener('abort', () => reading?.destroy());
  const manifest: ReturnType<typeof manifestEntry>[] = [];
  for (let start = 0; start < taskIds.length; start += READ_BATCH) {
    const ids = taskIds.slice(start, start + READ_BATCH);
    // Tasks deleted since the choice are left out.
    const found = await em.fork().find(ImageTask, { user: userId, taskId: { $in: ids }, status: 'completed' });
    const byId = new Map(found.map((task) => [task.taskId, task]));
    for (const id of ids) {
      const task = byId.get(id);
      if (!task) continue;
      for (const [index, url] of task.resultUrls.entries()) {
        if (closed.signal.aborted) return;
        const key = files.storage.keyFromPublicUrl(url);
        const stored = key && (await files.storage.get(key));
        if (!key || !stored) continue;
        const name = fileName(task, index, key);
        reading = stored.stream;
        zip.append(stored.stream, { name, date: task.completedAt ?? task.createdAt });
        // The next original is opened only once this one is in the ZIP and closed: one file open at a time (a file's
        // close comes a moment after its last bytes).
        await Promise.all([once(zip, 'entry', { signal: closed.signal }), finished(stored.stream, { signal: closed.signal })]);
        reading = null;
        manifest.push(manifestEntry(task, name));
      }
    }
  }
  if (closed.signal.aborted) return;
  zip.append(`${JSON.stringify({ images: manifest }, null, 2)}\n`, { name: 'manifest.json' });
  await zip.finalize();
}
