import type { ImageTask as ImageTaskDto, ImageTaskList, Problem, TaskSubmitted, UploadImagesResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../test/index.ts';
import { ImageTask } from './tasks/image-task.entity.ts';
import { eventually, insertTask, ledgerOf, pngDataUrl, userWithCredits } from './testing/kit.ts';

describe('studio routes', () => {
  let server: TestServer;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer({ studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 } });
    const user = await userWithCredits(server.orm, 50);
    userId = user.id;
    cookie = await signIn(server, user);
  });
  afterAll(() => server?.close());

  const waitForTask = (taskId: string) =>
    eventually(
      async () => {
        const res = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=20&days=7', { cookie });
        const task = res.body.tasks.find((t) => t.taskId === taskId);
        return task && (task.status === 'completed' || task.status === 'failed') ? task : undefined;
      },
      80_000,
      `task ${taskId} to finish`,
    );

  it('refuses anonymous callers with 401 problems', async () => {
    for (const [method, path] of [
      ['GET', '/api/image-tasks'],
      ['POST', '/api/generate-image'],
      ['POST', '/api/upscale-image'],
      ['POST', '/api/upload-images'],
      ['GET', '/api/proxy-image?url=x'],
    ] as const) {
      const res = await server.request<Problem>(method, path, { body: method === 'POST' ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('text to image: 202 with the charged task, then completed in the list', async () => {
    const res = await server.request<TaskSubmitted>('POST', '/api/generate-image', {
      cookie,
      body: { prompt: 'a teapot on the moon', aspectRatio: '4:3' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ creditsUsed: 2, remainingCredits: 48 });
    expect(res.body.task).toMatchObject({ status: 'pending', model: 'nano_banana', createdVia: 'web', creditsUsed: 2 });
    const done = await waitForTask(res.body.task.taskId);
    expect(done.status).toBe('completed');
    expect(done.resultUrls[0]).toMatch(new RegExp(`^${server.url}/files/results/`));
    const file = await fetch(done.resultUrls[0] ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toContain('immutable');
    expect((await ledgerOf(server.orm, userId)).filter((row) => row.type === 'usage')).toHaveLength(1);
  });

  it('edit with two uploaded references', async () => {
    const upload = await server.request<UploadImagesResponse>('POST', '/api/upload-images', {
      cookie,
      body: { images: [await pngDataUrl(40, 30, '#ff0000'), await pngDataUrl(30, 40, '#0000ff')] },
    });
    expect(upload.status).toBe(201);
    expect(upload.body.urls).toHaveLength(2);
    const res = await server.request<TaskSubmitted>('POST', '/api/generate-image', {
      cookie,
      body: { prompt: 'merge them', model: 'nano_banana_edit', generationType: 'edit_image', inputImageUrls: upload.body.urls },
    });
    expect(res.status).toBe(202);
    const done: ImageTaskDto = await waitForTask(res.body.task.taskId);
    expect(done).toMatchObject({ status: 'completed', inputImageUrls: upload.body.urls, generationType: 'edit_image' });
    expect(await server.orm.em.fork().count(ImageTask, { user: userId })).toBeGreaterThanOrEqual(2);
  });

  it('upscale x4 of a completed task: linked to it, and its HD address is set when done', async () => {
    const source = await server.request<TaskSubmitted>('POST', '/api/generate-image', {
      cookie,
      body: { prompt: 'small square', aspectRatio: '1:1' },
    });
    const done = await waitForTask(source.body.task.taskId);
    const res = await server.request<TaskSubmitted>('POST', '/api/upscale-image', {
      cookie,
      body: { imageUrl: done.resultUrls[0], scaleRatio: '4', faceEnhancement: true },
    });
    expect(res.status).toBe(202);
    expect(res.body.task).toMatchObject({
      generationType: 'upscale',
      model: 'nano_banana_upscale',
      scaleRatio: 4,
      faceEnhancement: true,
      aspectRatio: '1:1',
    });
    expect(res.body.creditsUsed).toBe(5);
    const upscaled = await waitForTask(res.body.task.taskId);
    expect(upscaled.status).toBe('completed');
    const stored = await server.orm.em.fork().findOneOrFail(ImageTask, { taskId: res.body.task.taskId });
    expect(stored.sourceTaskId).toBe(done.id);
    const list = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=20&days=7', { cookie });
    expect(list.body.tasks.find((t) => t.taskId === done.taskId)?.hdImageUrl).toBe(upscaled.resultUrls[0]);
  }, 90_000);

  it("refuses inputs that are not ours or the provider's, and mismatched models, with pointers and no charge", async () => {
    const before = (await ledgerOf(server.orm, userId)).length;
    const foreign = await server.request<Problem>('POST', '/api/generate-image', {
      cookie,
      body: {
        prompt: 'edit',
        model: 'nano_banana_edit',
        generationType: 'edit_image',
        inputImageUrls: [`${server.url}/files/uploads/AAAAAAAAAAAAAAAAAAAAAA.png`, 'http://169.254.169.254/latest/meta-data'],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.map((e) => e.pointer)).toEqual(['/body/inputImageUrls/0', '/body/inputImageUrls/1']);
    const noRefs = await server.request<Problem>('POST', '/api/generate-image', {
      cookie,
      body: { prompt: 'edit', model: 'nano_banana_edit', generationType: 'edit_image' },
    });
    expect(noRefs.body.errors?.map((e) => e.pointer)).toEqual(['/body/inputImageUrls']);
    const mismatch = await server.request<Problem>('POST', '/api/generate-image', {
      cookie,
      body: { prompt: 'x', model: 'nano_banana_edit', generationType: 'text_to_image' },
    });
    expect(mismatch.body.errors?.map((e) => e.pointer)).toEqual(['/body/model']);
    const badUpscale = await server.request<Problem>('POST', '/api/upscale-image', {
      cookie,
      body: { imageUrl: 'https://example.com/cat.png', scaleRatio: 3 },
    });
    expect(badUpscale.status).toBe(400);
    expect(badUpscale.body.errors?.map((e) => e.pointer)).toEqual(['/body/imageUrl']);
    const badScale = await server.request<Problem>('POST', '/api/upscale-image', {
      cookie,
      body: { imageUrl: `${server.url}/files/uploads/x.png`, scaleRatio: 5 },
    });
    expect(badScale.body.errors?.map((e) => e.pointer)).toEqual(['/body/scaleRatio']);
    const emptyPrompt = await server.request<Problem>('POST', '/api/generate-image', { cookie, body: { prompt: '   ' } });
    expect(emptyPrompt.body.errors).toEqual([{ pointer: '/body/prompt', detail: 'Prompt is required' }]);
    expect((await ledgerOf(server.orm, userId)).length).toBe(before);
  });

  it('402 insufficient_credits and 429 too_many_tasks through the route, nothing charged', async () => {
    const poor = await userWithCredits(server.orm, 1);
    const poorCookie = await signIn(server, poor);
    const broke = await server.request<Problem>('POST', '/api/generate-image', { cookie: poorCookie, body: { prompt: 'x' } });
    expect([broke.status, broke.body.code]).toEqual([402, 'insufficient_credits']);

    const busy = await userWithCredits(server.orm, 100);
    const busyCookie = await signIn(server, busy);
    // Four tasks in flight already (the workers would finish submitted ones at once).
    for (let i = 0; i < 4; i++) await insertTask(server.orm, busy.id, { status: 'generating', prompt: `busy ${i}` });
    const fifth = await server.request<Problem>('POST', '/api/generate-image', { cookie: busyCookie, body: { prompt: 'one too many' } });
    expect([fifth.status, fifth.body.code]).toEqual([429, 'too_many_tasks']);
    expect(fifth.headers.get('retry-after')).toBe('5');
    expect((await ledgerOf(server.orm, busy.id)).filter((row) => row.type === 'usage')).toHaveLength(0);
  });

  it('serves only public stored files under /files', async () => {
    expect((await server.request('GET', '/files/uploads/AAAAAAAAAAAAAAAAAAAAAA.png')).status).toBe(404);
    expect((await server.request('GET', '/files/sandbox/sbx_AAAAAAAAAAAAAAAAAAAAAA.json')).status).toBe(404);
    expect((await server.request('GET', '/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});
