// The real app with S3 storage (a real S3-speaking server): uploads, generated results and thumbnails land in the
// bucket, `/files/<key>` streams them with the same headers as the local folder, and clean-ups delete objects.
import { readdir } from 'node:fs/promises';
import type { ImageTaskList, Problem, TaskSubmitted, UploadImagesResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.ts';
import { eventually, pngDataUrl, userWithCredits } from '../testing/kit.ts';
import { Upload } from '../uploads/upload.entity.ts';
import { deleteUnusedUploads } from '../uploads/upload.repository.ts';

const PREFIX = 'studio/';

describe('stored files on S3', () => {
  let s3: TestS3;
  let server: TestServer;
  let cookie: string;
  let userId: string;
  /** The upload the generation test used as its reference. */
  let referenceKey = '';

  beforeAll(async () => {
    s3 = await startTestS3();
    server = await startTestServer({
      config: { storage: s3.storage({ prefix: PREFIX }) },
      studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200, uploadsPerWindow: 100 },
    });
    const user = await userWithCredits(server.orm, 20);
    userId = user.id;
    cookie = await signIn(server, user);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  const keyOf = (url: string) => new URL(url).pathname.replace(/^\/files\//, '');
  const upload = async (color: string) => {
    const res = await server.request<UploadImagesResponse>('POST', '/api/upload-images', {
      cookie,
      body: { images: [await pngDataUrl(40, 30, color)] },
    });
    expect(res.status).toBe(201);
    return res.body.urls[0] ?? '';
  };

  it('stores an upload and its thumbnail in the bucket, nothing in the local folder', async () => {
    const url = await upload('#336699');
    expect(url).toMatch(new RegExp(`^${server.url}/files/uploads/[A-Za-z0-9_-]{22}\\.png$`));
    const key = keyOf(url);
    const thumbKey = `thumbs/${key.replace(/\.png$/, '.webp')}`;
    const names = await s3.objectNames();
    expect(names).toContain(`${PREFIX}${key}`);
    expect(names).toContain(`${PREFIX}${thumbKey}`);
    expect(names.every((name) => name.startsWith(PREFIX))).toBe(true);
    expect((await s3.object(`${PREFIX}${key}`))?.contentType).toBe('image/png');
    expect(await readdir(server.config.studio.filesDir)).toEqual([]);
  });

  it('serves /files/<key> from the bucket with the same headers as local files', async () => {
    const url = await upload('#993366');
    const stored = await s3.object(`${PREFIX}${keyOf(url)}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(
      Object.fromEntries(
        [
          'content-type',
          'content-length',
          'cache-control',
          'x-content-type-options',
          'content-security-policy',
          'cross-origin-resource-policy',
        ].map((name) => [name, res.headers.get(name)]),
      ),
    ).toEqual({
      'content-type': 'image/png',
      'content-length': String(stored?.bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);

    const head = await fetch(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, String(stored?.bytes.length), '']);
    const thumb = await fetch(url.replace('/files/uploads/', '/files/thumbs/uploads/').replace(/\.png$/, '.webp'));
    expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it('answers 404 problems for keys the bucket does not have, and for private ones it has', async () => {
    const missing = await server.request<Problem>('GET', '/files/uploads/abcdefghijklmnopqrstuv.png', { validate: false });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect((await server.request('GET', '/files/results/abcdefghijklmnopqrstuv/0.png', { validate: false })).status).toBe(404);
    await server.studio.storage.put('sandbox/sbx_abcdefghijklmnopqrstuv.json', Buffer.from('{}'), 'application/json');
    expect(await s3.objectNames()).toContain(`${PREFIX}sandbox/sbx_abcdefghijklmnopqrstuv.json`);
    expect((await server.request('GET', '/files/sandbox/sbx_abcdefghijklmnopqrstuv.json', { validate: false })).status).toBe(404);
  });

  it('generates from an uploaded reference read back from the bucket, storing the result there', async () => {
    const reference = await upload('#cc3300');
    referenceKey = keyOf(reference);
    const res = await server.request<TaskSubmitted>('POST', '/api/generate-image', {
      cookie,
      body: { prompt: 'warmer', model: 'nano_banana_edit', generationType: 'edit_image', inputImageUrls: [reference] },
    });
    expect(res.status).toBe(202);
    const done = await eventually(
      async () => {
        const list = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=20&days=7', { cookie });
        const task = list.body.tasks.find((t) => t.taskId === res.body.task.taskId);
        return task && (task.status === 'completed' || task.status === 'failed') ? task : undefined;
      },
      60_000,
      'the edit to finish',
    );
    expect(done.status).toBe('completed');
    const resultUrl = done.resultUrls[0] ?? '';
    expect(resultUrl).toMatch(new RegExp(`^${server.url}/files/results/`));
    expect(await s3.objectNames()).toEqual(
      expect.arrayContaining([`${PREFIX}${keyOf(resultUrl)}`, `${PREFIX}${keyOf(done.thumbnailUrl ?? '')}`]),
    );
    const file = await fetch(resultUrl);
    expect([file.status, file.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect(await readdir(server.config.studio.filesDir)).toEqual([]);
  });

  it('the unused-upload sweep deletes objects from the bucket', async () => {
    const key = keyOf(await upload('#00cc99'));
    const em = server.orm.em.fork();
    await em.nativeUpdate(Upload, { key }, { createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) });
    expect(await deleteUnusedUploads(server.orm.em.fork(), server.studio.storage)).toBeGreaterThanOrEqual(1);
    expect(await s3.object(`${PREFIX}${key}`)).toBeNull();
    expect((await server.request('GET', `/files/${key}`, { validate: false })).status).toBe(404);
  });

  it("deleting a user deletes their tasks' results, thumbnails and references from the bucket", async () => {
    const taskFiles = async () =>
      (await s3.objectNames()).filter((name) => name.includes('results/') || name === `${PREFIX}${referenceKey}`);
    expect((await taskFiles()).length).toBeGreaterThanOrEqual(3);
    const admin = await createUser(server, { isAdmin: true });
    const res = await server.request('DELETE', `/api/admin/users/${userId}`, { cookie: await signIn(server, admin) });
    expect(res.status).toBe(200);
    expect(await taskFiles()).toEqual([]);
  });

  it('pings the bucket', async () => {
    await expect(server.studio.storage.ping()).resolves.toBeUndefined();
  });
});
