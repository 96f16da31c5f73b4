// The unreferenced-files sweep on PostgreSQL, with the local folder and with a bucket: what a killed process left
// (a file stored, its row never committed) goes once past the grace period; every file a row names stays, and so
// does a file too young to tell (its row may still be on its way).
import type { ImageTaskList, TaskSubmitted, UploadImagesResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.ts';
import { PNG_BYTES } from '../../../storage/storage.suite.ts';
import { eventually, pngDataUrl, userWithCredits } from '../testing/kit.ts';
import { deleteUnreferencedFiles } from './unreferenced-files.ts';

const HOUR_MS = 60 * 60 * 1000;

for (const backend of ['local', 's3'] as const) {
  describe(`unreferenced files (${backend})`, () => {
    let s3: TestS3 | undefined;
    let server: TestServer;
    let cookie: string;

    beforeAll(async () => {
      if (backend === 's3') s3 = await startTestS3();
      server = await startTestServer({
        ...(s3 && { config: { storage: s3.storage({ prefix: 'studio/' }) } }),
        studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200, uploadsPerWindow: 100 },
      });
      cookie = await signIn(server, await userWithCredits(server.orm, 20));
    });
    afterAll(async () => {
      await server?.close();
      await s3?.close();
    });

    const keyOf = (url: string) => new URL(url).pathname.replace(/^\/files\//, '');
    const stored = async () => {
      const keys: string[] = [];
      for (const prefix of ['uploads/', 'results/', 'thumbs/', 'sandbox/'])
        for await (const page of server.studio.storage.list(prefix)) keys.push(...page.map((object) => object.key));
      return keys.sort();
    };

    it('deletes only files no row names, once older than the grace period', async () => {
      // What people keep: an upload, and an edit of it with its result and thumbnail.
      const upload = await server.request<UploadImagesResponse>('POST', '/api/upload-images', {
        cookie,
        body: { images: [await pngDataUrl(40, 30, '#cc3300')] },
      });
      expect(upload.status).toBe(201);
      const reference = upload.body.urls[0] ?? '';
      const submitted = await server.request<TaskSubmitted>('POST', '/api/generate-image', {
        cookie,
        body: { prompt: 'warmer', model: 'nano_banana_edit', generationType: 'edit_image', inputImageUrls: [reference] },
      });
      expect(submitted.status).toBe(202);
      const done = await eventually(
        async () => {
          const list = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=20&days=7', { cookie });
          const task = list.body.tasks.find((t) => t.taskId === submitted.body.task.taskId);
          return task?.status === 'completed' ? task : undefined;
        },
        60_000,
        'the edit to finish',
      );
      const kept = await stored();
      expect(kept).toEqual(expect.arrayContaining([keyOf(reference), keyOf(done.resultUrls[0] ?? ''), keyOf(done.thumbnailUrl ?? '')]));

      // What a process killed before its row committed leaves: an upload with its thumbnail, a result with its.
      const orphans = [
        'uploads/orphanorphanorphanorphan.png',
        'thumbs/uploads/orphanorphanorphanorphan.webp',
        'results/orphanorphanorphanorphan/0.png',
        'thumbs/results/orphanorphanorphanorphan/0.webp',
      ];
      for (const key of orphans) await server.studio.storage.put(key, PNG_BYTES, key.endsWith('.webp') ? 'image/webp' : 'image/png');
      const em = () => server.orm.em.fork();

      // Too young to tell: kept.
      expect(await deleteUnreferencedFiles(em(), server.studio.storage, { graceMs: HOUR_MS })).toEqual([]);
      expect(await stored()).toEqual([...kept, ...orphans].sort());

      // Two hours on: the orphans go, every file a row names stays (the sandbox's own files are not ours to sweep).
      const later = new Date(Date.now() + 2 * HOUR_MS);
      expect((await deleteUnreferencedFiles(em(), server.studio.storage, { graceMs: HOUR_MS, now: later })).sort()).toEqual(
        [...orphans].sort(),
      );
      expect(await stored()).toEqual(kept);
      expect((await fetch(reference)).status).toBe(200);
      expect((await fetch(done.resultUrls[0] ?? '')).status).toBe(200);
      expect(await deleteUnreferencedFiles(em(), server.studio.storage, { graceMs: HOUR_MS, now: later })).toEqual([]);
    });
  });
}
