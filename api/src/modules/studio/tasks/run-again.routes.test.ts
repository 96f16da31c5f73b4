// "Run again": POST /api/image-tasks/{taskId}/run-again repeats the exact request of one of the user's tasks, charged
// once per key at the studio price; someone else's task is 404; a reference gone since is refused before any charge.
import type { Problem, TaskSubmitted, UploadImagesResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { balanceOf, insertTask, pngDataUrl, userWithCredits } from '../testing/kit.ts';
import { ImageTask } from './image-task.entity.ts';

describe('run a task again', () => {
  let server: TestServer;
  let alice: { id: string; cookie: string };
  let references: string[];

  beforeAll(async () => {
    // A web process: the tasks stay as submitted (no worker picks them up).
    server = await startTestServer({ config: { role: 'web' } });
    const a = await userWithCredits(server.orm, 100);
    alice = { id: a.id, cookie: await signIn(server, a) };
    const uploaded = await server.request<UploadImagesResponse>('POST', '/api/upload-images', {
      cookie: alice.cookie,
      body: { images: [await pngDataUrl(40, 30), await pngDataUrl(30, 40, '#cc3366')] },
    });
    references = uploaded.body.urls;
  });
  afterAll(() => server?.close());

  const again = (taskId: string, cookie = alice.cookie, key?: string) =>
    server.request<TaskSubmitted & Problem>('POST', `/api/image-tasks/${taskId}/run-again`, {
      cookie,
      headers: key ? { 'idempotency-key': key } : {},
    });

  it('repeats prompt, references, ratio, size, format, seed and fallback of a failed edit, charged at the edit price', async () => {
    const original = await insertTask(server.orm, alice.id, {
      generationType: 'edit_image',
      model: 'nano_banana_edit',
      prompt: 'make the sky violet',
      inputImageUrls: references,
      aspectRatio: '16:9',
      imageSize: '16:9',
      outputFormat: 'jpeg',
      seeds: 42424,
      enableFallback: true,
      status: 'failed',
      resultUrls: [],
      errorMessage: 'Generation failed.',
    });
    const before = await balanceOf(server.orm, alice.id);
    const res = await again(original.taskId);
    expect(res.status).toBe(202);
    expect(res.body.task.taskId).not.toBe(original.taskId);
    const copy = await server.orm.em.fork().findOneOrFail(ImageTask, { taskId: res.body.task.taskId });
    expect(copy).toMatchObject({
      generationType: 'edit_image',
      prompt: 'make the sky violet',
      inputImageUrls: references,
      aspectRatio: '16:9',
      imageSize: '16:9',
      outputFormat: 'jpeg',
      seeds: 42424,
      enableFallback: true,
      createdVia: 'web',
    });
    expect(await balanceOf(server.orm, alice.id)).toBe(before - res.body.creditsUsed);
    expect(res.body.creditsUsed).toBeGreaterThan(0);
  });

  it('charges one intent once: the same Idempotency-Key replays the first answer', async () => {
    const original = await insertTask(server.orm, alice.id, { prompt: 'a kite over dunes', seeds: 10007 });
    const before = await balanceOf(server.orm, alice.id);
    const first = await again(original.taskId, alice.cookie, 'run-again-intent-1');
    const second = await again(original.taskId, alice.cookie, 'run-again-intent-1');
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.task.taskId).toBe(first.body.task.taskId);
    expect(await balanceOf(server.orm, alice.id)).toBe(before - first.body.creditsUsed);
  });

  it("answers 404 for another user's task and charges nobody", async () => {
    const bob = await userWithCredits(server.orm, 50);
    const bobs = await insertTask(server.orm, bob.id, { prompt: 'bob only' });
    const before = await balanceOf(server.orm, alice.id);
    const res = await again(bobs.taskId);
    expect(res.status).toBe(404);
    expect(await balanceOf(server.orm, alice.id)).toBe(before);
    expect(await balanceOf(server.orm, bob.id)).toBe(50);
  });

  it('refuses a task whose reference is no longer stored, naming it, before any charge', async () => {
    const gone = references[0]!.replace(/uploads\/[^/.]+/, 'uploads/AAAAAAAAAAAAAAAAAAAAAA');
    const original = await insertTask(server.orm, alice.id, {
      generationType: 'edit_image',
      model: 'nano_banana_edit',
      prompt: 'with a lost picture',
      inputImageUrls: [references[1]!, gone],
    });
    const before = await balanceOf(server.orm, alice.id);
    const res = await again(original.taskId);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((error) => error.pointer)).toEqual(['/task/inputImageUrls/1']);
    expect(await balanceOf(server.orm, alice.id)).toBe(before);
  });
});
