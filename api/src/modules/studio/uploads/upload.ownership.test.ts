// Uploads belong to their user: each stored file is recorded with its owner and size, a user's stored bytes have a
// quota (a clear 413 with nothing written), and uploads no task used are deleted after a day.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem, UploadImagesResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { insertTask, pngDataUrl, userWithCredits } from '../testing/kit.ts';
import { Upload } from './upload.entity.ts';
import { deleteUnusedUploads } from './upload.repository.ts';

describe('upload ownership, quota and clean-up', () => {
  let server: TestServer;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer({ studio: { uploadsPerWindow: 100, uploadQuotaBytes: 40_000 } });
    const user = await userWithCredits(server.orm, 0);
    userId = user.id;
    cookie = await signIn(server, user);
  });
  afterAll(() => server?.close());

  const upload = (images: string[]) =>
    server.request<UploadImagesResponse & Problem>('POST', '/api/upload-images', { cookie, body: { images } });
  const fileOf = (key: string) => join(server.config.studio.filesDir, key);
  const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/files\//, ''));

  it('records each stored upload with its owner and size', async () => {
    const res = await upload([await pngDataUrl(40, 30, '#224466')]);
    expect(res.status).toBe(201);
    const rows = await server.orm.em.fork().find(Upload, { user: userId });
    expect(rows.map((row) => row.key)).toEqual([keyOf(res.body.urls[0] ?? '')]);
    expect(rows[0]?.bytes).toBeGreaterThan(0);
    expect(rows[0]?.usedAt).toBeNull();
  });

  it('refuses a batch that would go over the quota with a 413, storing nothing', async () => {
    // Random pixels do not compress: each of these is about 43 KB, over the 40 KB quota together.
    const noisy = async () => {
      const sharp = (await import('sharp')).default;
      const pixels = randomBytes(120 * 120 * 3);
      const bytes = await sharp(pixels, { raw: { width: 120, height: 120, channels: 3 } })
        .png()
        .toBuffer();
      return `data:image/png;base64,${bytes.toString('base64')}`;
    };
    const before = await server.orm.em.fork().count(Upload, { user: userId });
    const res = await upload([await noisy(), await noisy(), await noisy()]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('upload_quota_exceeded');
    expect(res.body.detail).toMatch(/MB/);
    expect(await server.orm.em.fork().count(Upload, { user: userId })).toBe(before);
  });

  it('deletes uploads no task used after a day, and keeps the ones a task refers to', async () => {
    const res = await upload([
      await pngDataUrl(20, 20, '#aa0000'),
      await pngDataUrl(20, 20, '#00aa00'),
      await pngDataUrl(20, 20, '#0000aa'),
    ]);
    expect(res.status).toBe(201);
    const [unused, used, fresh] = res.body.urls.map(keyOf) as [string, string, string];
    await insertTask(server.orm, userId, { generationType: 'edit_image', inputImageUrls: [res.body.urls[1] ?? ''] });
    const em = server.orm.em.fork();
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await em.nativeUpdate(Upload, { key: { $in: [unused, used] } }, { createdAt: twoDaysAgo });

    const deleted = await deleteUnusedUploads(server.orm.em.fork(), server.studio.storage);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(unused))).toBe(false);
    expect(await em.fork().findOne(Upload, { key: unused })).toBeNull();
    expect(existsSync(fileOf(used))).toBe(true);
    expect((await em.fork().findOneOrFail(Upload, { key: used })).usedAt).toBeInstanceOf(Date);
    expect(existsSync(fileOf(fresh))).toBe(true);
    expect((await server.request('GET', `/files/${unused}`, { validate: false })).status).toBe(404);
  });
});
