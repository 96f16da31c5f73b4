// Starring a task: PUT / DELETE /api/image-tasks/{taskId}/favourite, the task's `isFavourite`, and the list's filter.
import type { ImageTask as ImageTaskDto, ImageTaskList, Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { queryKey } from '../../../http/query-key.ts';
import { insertTask, userWithCredits } from '../testing/kit.ts';
import type { ImageTask } from './image-task.entity.ts';

describe('favourite tasks', () => {
  let server: TestServer;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  let tasks: ImageTask[] = [];

  beforeAll(async () => {
    server = await startTestServer({ config: { role: 'web' } });
    const a = await userWithCredits(server.orm, 0);
    const b = await userWithCredits(server.orm, 0);
    alice = { id: a.id, cookie: await signIn(server, a) };
    bob = { id: b.id, cookie: await signIn(server, b) };
    const now = Date.now();
    tasks = [];
    for (let i = 0; i < 3; i++)
      tasks.push(await insertTask(server.orm, alice.id, { prompt: `alice ${i}`, createdAt: new Date(now - i * 60_000) }));
  });
  afterAll(() => server?.close());

  const star = (cookie: string, taskId: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    server.request<ImageTaskDto>(method, `/api/image-tasks/${taskId}/favourite`, { cookie });
  const list = (cookie: string, query: string, headers: Record<string, string> = {}) =>
    server.request<ImageTaskList>('GET', `/api/image-tasks?${query}`, { cookie, headers });

  it('stars and unstars a task, and a repeat answers the same without a change', async () => {
    const task = tasks[1] as ImageTask;
    const before = await list(alice.cookie, 'days=7');
    expect(before.body.tasks.every((t) => t.isFavourite === false)).toBe(true);

    const starred = await star(alice.cookie, task.taskId);
    expect(starred.status).toBe(200);
    expect(starred.body).toMatchObject({ taskId: task.taskId, isFavourite: true, prompt: 'alice 1' });
    const afterStar = await list(alice.cookie, 'days=7');
    expect(afterStar.body.tasks.find((t) => t.taskId === task.taskId)?.isFavourite).toBe(true);
    const etag = afterStar.headers.get('etag') ?? '';

    // Idempotent: the same answer, and nothing changed (the list's tag still stands).
    const again = await star(alice.cookie, task.taskId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(starred.body);
    expect((await list(alice.cookie, 'days=7', { 'if-none-match': etag })).status).toBe(304);

    const unstarred = await star(alice.cookie, task.taskId, 'DELETE');
    expect(unstarred.status).toBe(200);
    expect(unstarred.body.isFavourite).toBe(false);
    expect((await star(alice.cookie, task.taskId, 'DELETE')).body.isFavourite).toBe(false);
    // The change moved the tag.
    expect((await list(alice.cookie, 'days=7', { 'if-none-match': etag })).status).toBe(200);
  });

  it("answers 404 for another user's task and an unknown one, and changes nothing", async () => {
    const task = tasks[0] as ImageTask;
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await star(bob.cookie, task.taskId, method);
      expect(res.status).toBe(404);
      expect((res.body as unknown as Problem).code).toBe('not_found');
    }
    expect((await star(alice.cookie, 'tsk_nosuchtask')).status).toBe(404);
    expect((await list(alice.cookie, 'days=7')).body.tasks.find((t) => t.taskId === task.taskId)?.isFavourite).toBe(false);
    expect((await list(bob.cookie, 'days=7&favourite=true')).body).toEqual({ tasks: [], total: 0, totalCapped: false, nextCursor: null });
  });

  it('refuses a signed-out caller', async () => {
    expect((await server.request('PUT', `/api/image-tasks/${tasks[0]?.taskId}/favourite`)).status).toBe(401);
  });

  it('filters the list to starred tasks, with its own tag', async () => {
    const [first, , third] = tasks as [ImageTask, ImageTask, ImageTask];
    await star(alice.cookie, third.taskId);
    await star(alice.cookie, first.taskId);
    const all = await list(alice.cookie, 'days=7');
    expect(all.body.total).toBe(3);
    for (const query of ['days=7&favourite=true', 'days=7&favourite=1']) {
      const starred = await list(alice.cookie, query);
      expect(starred.status).toBe(200);
      expect(starred.body.total).toBe(2);
      expect(starred.body.tasks.map((t) => t.prompt)).toEqual(['alice 0', 'alice 2']);
      // The filtered page has its own tag: the full list's does not answer for it.
      expect(starred.headers.get('etag')).not.toBe(all.headers.get('etag'));
      expect((await list(alice.cookie, query, { 'if-none-match': all.headers.get('etag') ?? '' })).status).toBe(200);
    }
    expect((await list(alice.cookie, 'days=7&favourite=false')).body.total).toBe(3);
    // Unstarring one takes it out of the filtered list at once (the cached page is not served stale).
    await star(alice.cookie, third.taskId, 'DELETE');
    expect((await list(alice.cookie, 'days=7&favourite=true')).body.tasks.map((t) => t.prompt)).toEqual(['alice 0']);
  });

  it('refuses a favourite value that is not a yes or a no, with a pointer', async () => {
    const res = await server.request<Problem>('GET', '/api/image-tasks?favourite=maybe', { cookie: alice.cookie });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.pointer).toBe('/query/favourite');
  });

  it('puts the filter in the cache key', () => {
    const base = { page: 1, limit: 20, days: 14 };
    expect(queryKey({ ...base, favourite: true })).not.toBe(queryKey({ ...base, favourite: false }));
  });
});
