// The task list from memory (its 304, and its 200 whole): no query while nothing changed, and never a stale answer once
// a change was heard, on this process or another one on the same database, nor once a task left the days window.
import type { ImageTaskList } from '@app/contract';
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, startTestServer, startWebProcessBeside, type TestServer } from '../../../../test/index.ts';
import type { RunningServer } from '../../../server.ts';
import { insertTask, userWithCredits } from '../testing/kit.ts';
import { ImageTask } from './image-task.entity.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the task list answers 304 from memory', () => {
  let server: TestServer;
  let second: RunningServer | undefined;

  beforeAll(async () => {
    server = await startTestServer({ config: { role: 'web' } });
    second = await startWebProcessBeside(server);
  });
  afterAll(async () => {
    await second?.close();
    await server.close();
  });

  const list = async (base: string, cookie: string, query: string, etag?: string) => {
    const res = await fetch(`${base}/api/image-tasks?${query}`, { headers: { cookie, ...(etag && { 'if-none-match': etag }) } });
    const body = res.status === 200 ? ((await res.json()) as ImageTaskList) : undefined;
    return { status: res.status, etag: res.headers.get('etag') ?? '', body };
  };

  async function signedInWithTasks(count: number) {
    const user = await userWithCredits(server.orm, 0);
    for (let i = 0; i < count; i++)
      await insertTask(server.orm, user.id, { prompt: `task ${i}`, createdAt: new Date(Date.now() - i * 60_000) });
    await server.heard();
    return { id: user.id, cookie: await signIn(server, user) };
  }

  it('reads no task row for a 304 or a 200 while nothing changed', async () => {
    const user = await signedInWithTasks(3);
    const query = 'page=1&limit=16&days=7';
    const { etag } = await list(server.url, user.cookie, query);
    // Every way a statement can go: the EntityManager, and the pool's named statements on PostgreSQL.
    const execute = vi.spyOn(Object.getPrototypeOf(server.orm.em) as { execute: (sql: unknown) => Promise<unknown> }, 'execute');
    const connection: unknown = server.orm.em.getConnection();
    const pool = connection instanceof PostgreSqlConnection ? await connection.getNativeClient() : undefined;
    const poolQuery = pool ? vi.spyOn(pool, 'query') : undefined;
    const sqlOf = (call: unknown[]) => JSON.stringify(call[0]);
    try {
      for (let i = 0; i < 3; i++) expect((await list(server.url, user.cookie, query, etag)).status).toBe(304);
      // The unchanged page's whole answer comes from memory too, under the same tag.
      const again = await list(server.url, user.cookie, query);
      expect(again).toMatchObject({ status: 200, etag });
      expect(again.body?.tasks.map((task) => task.prompt)).toEqual(['task 0', 'task 1', 'task 2']);
      const calls = [...execute.mock.calls, ...(poolQuery?.mock.calls ?? [])].map(sqlOf);
      expect(calls.filter((sql) => sql.includes('image_tasks'))).toEqual([]);
      // The same spies do see the page read again once a change was heard.
      await server.orm.em.fork().execute('update "image_tasks" set "revision" = "revision" + 1 where "user_id" = ?', [user.id]);
      await server.heard();
      expect((await list(server.url, user.cookie, query)).status).toBe(200);
      const after = [...execute.mock.calls, ...(poolQuery?.mock.calls ?? [])].map(sqlOf);
      expect(after.filter((sql) => sql.includes('image_tasks') && !sql.includes('update')).length).toBeGreaterThan(0);
    } finally {
      execute.mockRestore();
      poolQuery?.mockRestore();
    }
  });

  it('answers 200 after any change heard, made here or on another process', async () => {
    const user = await signedInWithTasks(2);
    const query = 'page=1&limit=16&days=7';
    for (const base of [server.url, second?.url ?? server.url]) {
      const before = await list(base, user.cookie, query);
      expect((await list(base, user.cookie, query, before.etag)).status).toBe(304);
      // A revision bump alone (no visible field) still changes the tag, so it must not be answered from memory.
      await server.orm.em.fork().execute('update "image_tasks" set "revision" = "revision" + 1 where "user_id" = ?', [user.id]);
      await expect.poll(async () => (await list(base, user.cookie, query, before.etag)).status, { interval: 10 }).toBe(200);
      const bumped = await list(base, user.cookie, query);
      expect(bumped.etag).not.toBe(before.etag);
      expect((await list(base, user.cookie, query, bumped.etag)).status).toBe(304);
      const [newest] = bumped.body?.tasks ?? [];
      await server.orm.em.fork().nativeDelete(ImageTask, { taskId: newest?.taskId });
      await expect.poll(async () => (await list(base, user.cookie, query, bumped.etag)).status, { interval: 10 }).toBe(200);
      // And the whole answer is the new one, not the page kept from before.
      const afterDelete = await list(base, user.cookie, query);
      expect(afterDelete.body?.tasks.map((task) => task.taskId)).not.toContain(newest?.taskId);
      expect(afterDelete.body?.total).toBe((bumped.body?.total ?? 0) - 1);
    }
  });

  it('stops answering 304 when the oldest task leaves the window, with no write at all', async () => {
    const user = await userWithCredits(server.orm, 0);
    const cookie = await signIn(server, user);
    await insertTask(server.orm, user.id, { prompt: 'recent', createdAt: new Date() });
    // Leaves the 1-day window about a second from now.
    await insertTask(server.orm, user.id, { prompt: 'leaving', createdAt: new Date(Date.now() - DAY + 1000) });
    await server.heard();
    const query = 'page=1&limit=16&days=1';
    const first = await list(server.url, cookie, query);
    expect(first.body?.total).toBe(2);
    expect((await list(server.url, cookie, query, first.etag)).status).toBe(304);
    await expect.poll(async () => (await list(server.url, cookie, query, first.etag)).status, { timeout: 5000, interval: 50 }).toBe(200);
    expect((await list(server.url, cookie, query)).body?.total).toBe(1);
  });
});
