// The bucket away (a real S3-speaking server, stopped then started again): an upload answers 503 with Retry-After
// and stores nothing; a finished image waits in its task's next step job, copied again with backoff until the bucket
// is back, and the task completes without a refund.
import type { Problem, UploadImagesResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { createToken, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { TASK_STEP_QUEUE } from '../jobs/task-queue.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import {
  balanceOf,
  eventually,
  ledgerOf,
  openRuntime,
  pngDataUrl,
  type RuntimeHandle,
  reloadTask,
  settled,
  textTask,
  userWithCredits,
} from '../testing/kit.ts';
import { Upload } from '../uploads/upload.entity.ts';

/** The provider's image addresses a waiting step job of the task holds, if any. */
async function keptUrls(db: StudioTestDatabase, id: string): Promise<string[] | undefined> {
  const rows = await db.orm.em
    .fork()
    .execute<{ data: { resultUrls?: string[] } }[]>(
      `select "data" from "pgboss"."job" where "name" = ? and "data"->>'id' = ? and "state" in ('created', 'retry')`,
      [TASK_STEP_QUEUE, id],
    );
  return rows.find((row) => row.data.resultUrls)?.data.resultUrls;
}

describe('uploads while the bucket is away', () => {
  let s3: TestS3;
  let server: TestServer;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    server = await startTestServer({ config: { storage: s3.storage() }, studio: { uploadsPerWindow: 100 } });
    const user = await userWithCredits(server.orm, 50);
    userId = user.id;
    cookie = await signIn(server, user);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  const upload = async () =>
    server.request<UploadImagesResponse | Problem>('POST', '/api/upload-images', { cookie, body: { images: [await pngDataUrl(32, 32)] } });

  it('answers 503 storage_unavailable with Retry-After, writes no row and no object, charges nothing; works again once it is back', async () => {
    await s3.stop();
    const refused = await upload();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'storage_unavailable', retryable: true });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await server.orm.em.fork().count(Upload, { user: userId })).toBe(0);
    expect(await balanceOf(server.orm, userId)).toBe(50);

    await s3.restart();
    expect(await s3.objectNames()).toEqual([]);
    const stored = await eventually(async () => {
      const answer = await upload();
      return answer.status === 201 ? (answer.body as UploadImagesResponse) : undefined;
    });
    expect(stored.urls).toHaveLength(1);
    expect(await server.orm.em.fork().count(Upload, { user: userId })).toBe(1);
    expect((await s3.objectNames()).length).toBe(2); // the upload and its thumbnail
  });

  it('answers an image edit sent as files 503 too, before anything is charged or queued', async () => {
    const token = await createToken(server, { id: userId });
    const before = await balanceOf(server.orm, userId);
    const picture = Buffer.from((await pngDataUrl(32, 32)).split(',')[1] ?? '', 'base64');
    const edit = () => {
      const form = new FormData();
      form.set('prompt', 'make it blue');
      form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'ref.png');
      return fetch(`${server.url}/v1/images/edits`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    };
    await s3.stop();
    try {
      const refused = await edit();
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('storage_unavailable');
      expect(await balanceOf(server.orm, userId)).toBe(before);
      expect(await server.orm.em.fork().count(ImageTask, { user: userId })).toBe(0);
    } finally {
      await s3.restart();
    }
  });
});

interface KieRuntime {
  s3: TestS3;
  kie: FakeKieServer;
  db: StudioTestDatabase;
  handle: RuntimeHandle;
}

/** The pipeline on its own database, with a fake KIE account finishing in `taskDurationMs` and files in a real bucket. */
function withKieRuntime(taskDurationMs: number, taskTimeoutMs?: number): KieRuntime {
  const parts = {} as KieRuntime;
  beforeAll(async () => {
    parts.s3 = await startTestS3();
    parts.kie = await startFakeKieServer({ accounts: { good: { taskDurationMs } } });
    parts.db = await openStudioTestDatabase();
    parts.handle = await openRuntime(parts.db.orm, {
      config: { storage: parts.s3.storage() },
      studio: {
        ...(taskTimeoutMs && { taskTimeoutMs }),
        kie: {
          baseUrl: parts.kie.url,
          models: { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' },
        },
        allowPrivateFetchFor: [new URL(parts.kie.url).host],
      },
    });
    const em = parts.db.orm.em.fork();
    em.create(KieApi, { name: 'main', token: 'good', lastUsed: null });
    await em.flush();
    await parts.handle.runtime.start();
  });
  afterAll(async () => {
    await parts.handle?.close();
    await parts.db?.close();
    await parts.kie?.close();
    await parts.s3?.close();
  });
  return parts;
}

describe('a finished image while the bucket is away', () => {
  const parts = withKieRuntime(200);

  it('keeps the image for the copy, retries with backoff without asking the provider again, and completes once the bucket is back', async () => {
    const user = await userWithCredits(parts.db.orm, 10);
    await parts.s3.stop();
    const { task } = await parts.handle.runtime.submit(parts.db.orm.em.fork(), textTask(user.id, 'a lighthouse at dusk'));
    const charged = await balanceOf(parts.db.orm, user.id);
    expect(charged).toBeLessThan(10);

    // The provider finished; the copy failed and the image's address waits in the next step.
    const kept = await eventually(() => keptUrls(parts.db, task.id), 30_000, 'the result kept for a retry');
    const providerTaskId = (await reloadTask(parts.db.orm, task.id)).providerTaskId ?? '';
    const fakeTask = parts.kie.tasks.get(providerTaskId);
    expect(kept).toEqual(fakeTask?.resultUrls);
    const polls = fakeTask?.polls;
    const attempts = (await reloadTask(parts.db.orm, task.id)).attempts;
    // A few more copies fail while the bucket stays away; the task keeps waiting, the provider is not asked again.
    await eventually(async () => (await reloadTask(parts.db.orm, task.id)).attempts >= attempts + 3, 30_000, 'more copy attempts');
    const waiting = await reloadTask(parts.db.orm, task.id);
    expect(waiting).toMatchObject({ status: 'generating', refunded: false });
    expect(parts.kie.tasks.get(providerTaskId)?.polls).toBe(polls);

    await parts.s3.restart();
    const done = await settled(parts.db.orm, task.id, 30_000);
    expect(done).toMatchObject({ status: 'completed', refunded: false });
    expect(done.resultUrls).toEqual([`http://studio.test/files/results/${task.taskId}/0.png`]);
    expect(await parts.s3.objectNames()).toContain(`results/${task.taskId}/0.png`);
    expect(await balanceOf(parts.db.orm, user.id)).toBe(charged);
    expect((await ledgerOf(parts.db.orm, user.id)).map((row) => row.type)).toEqual(['adjustment', 'usage']);
  });
});

describe('a bucket away past the time limit', () => {
  const parts = withKieRuntime(100, 3_000);

  it('fails and refunds the task once, only when its time limit has passed', async () => {
    const user = await userWithCredits(parts.db.orm, 10);
    await parts.s3.stop();
    const { task } = await parts.handle.runtime.submit(parts.db.orm.em.fork(), textTask(user.id, 'a harbour in fog'));
    // The copy failed and waits for the bucket: not refunded for the outage itself.
    await eventually(() => keptUrls(parts.db, task.id), 30_000, 'the result kept for a retry');
    expect(await reloadTask(parts.db.orm, task.id)).toMatchObject({ status: 'generating', refunded: false });
    const done = await settled(parts.db.orm, task.id, 30_000);
    expect(Date.now()).toBeGreaterThanOrEqual(task.deadlineAt.getTime());
    expect(done).toMatchObject({ status: 'failed', refunded: true });
    expect(await balanceOf(parts.db.orm, user.id)).toBe(10);
    expect((await ledgerOf(parts.db.orm, user.id)).map((row) => row.type)).toEqual(['adjustment', 'usage', 'refund']);
  });
});
