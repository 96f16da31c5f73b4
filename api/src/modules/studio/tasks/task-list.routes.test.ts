import type { ImageTaskList, Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { insertTask, userWithCredits } from '../testing/kit.ts';
import { ImageTask } from './image-task.entity.ts';
import { presentImageTask } from './presenter.ts';
import { completeTask } from './task-state.ts';

const HOUR = 60 * 60 * 1000;

describe('GET /api/image-tasks', () => {
  let server: TestServer;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  const aliceTasks: ImageTask[] = [];

  beforeAll(async () => {
    // A web process (no job workers): the inserted tasks must stay exactly as the test leaves them.
    server = await startTestServer({ config: { role: 'web' } });
    const a = await userWithCredits(server.orm, 0);
    const b = await userWithCredits(server.orm, 0);
    alice = { id: a.id, cookie: await signIn(server, a) };
    bob = { id: b.id, cookie: await signIn(server, b) };
    const now = Date.now();
    // 25 tasks an hour apart (newest first: index 0), plus two old ones.
    for (let i = 0; i < 25; i++)
      aliceTasks.push(await insertTask(server.orm, alice.id, { prompt: `alice ${i}`, createdAt: new Date(now - i * HOUR) }));
    await insertTask(server.orm, alice.id, { prompt: 'alice 10 days ago', createdAt: new Date(now - 10 * 24 * HOUR) });
    await insertTask(server.orm, alice.id, { prompt: 'alice 20 days ago', createdAt: new Date(now - 20 * 24 * HOUR) });
    await insertTask(server.orm, bob.id, { prompt: 'bob 0', createdAt: new Date(now - HOUR / 2) });
    await insertTask(server.orm, bob.id, { prompt: 'bob 1', createdAt: new Date(now - 2 * HOUR) });
  });
  afterAll(() => server?.close());

  const list = (cookie: string, query: string, headers: Record<string, string> = {}) =>
    server.request<ImageTaskList>('GET', `/api/image-tasks?${query}`, { cookie, headers });

  it("pages the caller's tasks newest first, with the total of the window", async () => {
    const first = await list(alice.cookie, 'page=1&limit=10&days=7');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(25);
    expect(first.body.tasks.map((task) => task.prompt)).toEqual(Array.from({ length: 10 }, (_, i) => `alice ${i}`));
    const last = await list(alice.cookie, 'page=3&limit=10&days=7');
    expect(last.body.tasks.map((task) => task.prompt)).toEqual(Array.from({ length: 5 }, (_, i) => `alice ${20 + i}`));
    expect((await list(alice.cookie, 'page=4&limit=10&days=7')).body).toEqual({
      tasks: [],
      total: 25,
      totalCapped: false,
      nextCursor: null,
    });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('honours the days window', async () => {
    expect((await list(alice.cookie, 'page=1&limit=50&days=7')).body.total).toBe(25);
    const fortnight = await list(alice.cookie, 'page=1&limit=50&days=14');
    expect(fortnight.body.total).toBe(26);
    expect(fortnight.body.tasks.at(-1)?.prompt).toBe('alice 10 days ago');
    expect((await list(alice.cookie, 'page=1&limit=50&days=30')).body.total).toBe(27);
  });

  it("never shows one user another user's tasks", async () => {
    const res = await list(bob.cookie, 'page=1&limit=50&days=30');
    expect(res.body.total).toBe(2);
    expect(res.body.tasks.map((task) => task.prompt)).toEqual(['bob 0', 'bob 1']);
    const aliceIds = new Set(aliceTasks.map((task) => task.taskId));
    expect(res.body.tasks.some((task) => aliceIds.has(task.taskId))).toBe(false);
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 once anything on the page changes', async () => {
    const query = 'page=1&limit=16&days=7';
    const first = await list(alice.cookie, query);
    const etag = first.headers.get('etag') ?? '';
    // Weak: this client takes gzip, so the answer may come compressed (see http/compression.ts).
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);

    const again = await list(alice.cookie, query, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // The strong form, as a client without compression is sent, matches too.
    expect((await list(alice.cookie, query, { 'if-none-match': etag.slice(2) })).status).toBe(304);
    expect((await list(alice.cookie, query, { 'if-none-match': `"other", ${etag}` })).status).toBe(304);

    // Another page, another user, or another window: different answers, different tags.
    expect((await list(alice.cookie, 'page=2&limit=16&days=7', { 'if-none-match': etag })).status).toBe(200);
    expect((await list(bob.cookie, query, { 'if-none-match': etag })).status).toBe(200);
    expect((await list(alice.cookie, 'page=1&limit=16&days=14', { 'if-none-match': etag })).status).toBe(200);

    // A guarded transition (raw SQL) changes the tag.
    const pending = await insertTask(server.orm, alice.id, {
      prompt: 'alice new',
      status: 'generating',
      resultUrls: [],
      completedAt: null,
    });
    // Written beside the server: its tags in memory are current once it heard the notification (within moments).
    await server.heard();
    const withNew = await list(alice.cookie, query, { 'if-none-match': etag });
    expect(withNew.status).toBe(200);
    expect(withNew.body.tasks[0]?.prompt).toBe('alice new');
    const etag2 = withNew.headers.get('etag') ?? '';
    expect(etag2).not.toBe(etag);
    expect(
      await completeTask(server.orm.em.fork(), pending.id, {
        resultUrls: ['http://studio.test/files/results/y/0.png'],
        thumbnailUrl: null,
      }),
    ).toBe(true);
    await server.heard();
    const completed = await list(alice.cookie, query, { 'if-none-match': etag2 });
    expect(completed.status).toBe(200);
    expect(completed.body.tasks[0]?.status).toBe('completed');

    // So does a change made through the ORM (the revision is the version column).
    const etag3 = completed.headers.get('etag') ?? '';
    const em = server.orm.em.fork();
    const row = await em.findOneOrFail(ImageTask, { id: pending.id });
    row.isPublic = true;
    await em.flush();
    await server.heard();
    const flushed = await list(alice.cookie, query, { 'if-none-match': etag3 });
    expect(flushed.status).toBe(200);
    // And deleting a task does too.
    await server.orm.em.fork().nativeDelete(ImageTask, { id: pending.id });
    await server.heard();
    const etag4 = flushed.headers.get('etag') ?? '';
    expect((await list(alice.cookie, query, { 'if-none-match': etag4 })).status).toBe(200);
  });

  it('the 304 tag equals the tag of the full answer it stands for', async () => {
    const query = 'page=2&limit=7&days=7';
    const full = await list(alice.cookie, query);
    const cheap = await list(alice.cookie, query, { 'if-none-match': full.headers.get('etag') ?? '' });
    expect(cheap.status).toBe(304);
  });

  it('presents every field as stored, arrays and times included', async () => {
    const user = await userWithCredits(server.orm, 0);
    const cookie = await signIn(server, user);
    const stored = await insertTask(server.orm, user.id, {
      prompt: 'with "quotes", commas',
      inputImageUrls: ['http://x.test/a,b.png', 'http://x.test/"q".png', 'http://x.test/back\\slash.png'],
      resultUrls: ['http://x.test/r.png'],
      status: 'failed',
      refunded: true,
      refundedAt: new Date('2026-11-20T10:00:00.123Z'),
      errorMessage: 'nope',
      scaleRatio: 4,
      seeds: 12345,
    });
    const [task] = (await list(cookie, 'page=1&limit=5&days=7')).body.tasks;
    expect(task).toEqual(presentImageTask(stored));
  });

  it('validates the query with pointers', async () => {
    const res = await server.request<Problem>('GET', '/api/image-tasks?page=0&limit=500&days=abc', { cookie: alice.cookie });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.pointer).sort()).toEqual(['/query/days', '/query/limit', '/query/page']);
  });
});
