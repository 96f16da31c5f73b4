// Several images per prompt (`n`) on the web route: n tasks charged together or not at all, each its own result and
// refund, one batch per Idempotency-Key, and a clear 400 for a count out of range.
import type { ImageTaskList, Problem, TaskSubmitted } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../test/index.ts';
import { SANDBOX_FAIL_ONE_MARKER } from '../../providers/image/sandbox/sandbox-provider.ts';
import { balanceOf, eventually, insertTask, ledgerOf, userWithCredits } from './testing/kit.ts';

/** The studio's text-to-image price in tests. */
const COST = 2;

describe('several images per prompt (web)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 } });
  });
  afterAll(() => server?.close());

  async function person(credits: number) {
    const user = await userWithCredits(server.orm, credits);
    return { id: user.id, cookie: await signIn(server, user) };
  }

  const ended = (cookie: string, taskIds: string[]) =>
    eventually(
      async () => {
        const list = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=50&days=1', { cookie });
        const tasks = taskIds.map((id) => list.body.tasks.find((task) => task.taskId === id));
        return tasks.every((task) => task && (task.status === 'completed' || task.status === 'failed')) ? tasks : undefined;
      },
      60_000,
      'every task of the batch to end',
    );

  it('n=3: three sibling tasks, charged 3x once in one go, each completing with its own image', async () => {
    const me = await person(20);
    const res = await server.request<TaskSubmitted>('POST', '/api/generate-image', {
      cookie: me.cookie,
      body: { prompt: `three foxes ${crypto.randomUUID()}`, n: 3 },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ creditsUsed: 3 * COST, remainingCredits: 20 - 3 * COST });
    expect(res.body.taskIds).toHaveLength(3);
    expect(new Set(res.body.taskIds).size).toBe(3);
    expect(res.body.taskIds?.[0]).toBe(res.body.task.taskId);
    expect(res.body.batchId).toMatch(/^bat_/);
    expect(res.body.task.batchId).toBe(res.body.batchId);
    expect(await balanceOf(server.orm, me.id)).toBe(20 - 3 * COST);
    const usage = (await ledgerOf(server.orm, me.id)).filter((row) => row.type === 'usage');
    expect(usage.map((row) => row.amount)).toEqual([-COST, -COST, -COST]);
    expect(new Set(usage.map((row) => row.image_task_id)).size).toBe(3);

    const tasks = await ended(me.cookie, res.body.taskIds ?? []);
    expect(tasks.map((task) => task?.status)).toEqual(['completed', 'completed', 'completed']);
    expect(new Set(tasks.map((task) => task?.resultUrls[0])).size).toBe(3);
    expect(tasks.every((task) => task?.batchId === res.body.batchId)).toBe(true);
  });

  it('n=1 keeps the single-task answer: no batch', async () => {
    const me = await person(10);
    const res = await server.request<TaskSubmitted>('POST', '/api/generate-image', { cookie: me.cookie, body: { prompt: 'one owl' } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ creditsUsed: COST, batchId: null, taskIds: [res.body.task.taskId] });
    expect(res.body.task.batchId).toBeNull();
  });

  it('enough for one image but not for three: 402 and nothing charged or created', async () => {
    const me = await person(COST * 3 - 1);
    const res = await server.request<Problem>('POST', '/api/generate-image', { cookie: me.cookie, body: { prompt: 'too many', n: 3 } });
    expect([res.status, res.body.code]).toEqual([402, 'insufficient_credits']);
    expect(await balanceOf(server.orm, me.id)).toBe(COST * 3 - 1);
    expect(await ledgerOf(server.orm, me.id)).toHaveLength(1); // the starting grant only
    const list = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=50&days=1', { cookie: me.cookie });
    expect(list.body.tasks).toHaveLength(0);
  });

  it('one of three fails at the provider: exactly that one is refunded, once; the others complete', async () => {
    const me = await person(20);
    const res = await server.request<TaskSubmitted>('POST', '/api/generate-image', {
      cookie: me.cookie,
      body: { prompt: `${SANDBOX_FAIL_ONE_MARKER} three owls ${crypto.randomUUID()}`, n: 3 },
    });
    expect(res.status).toBe(202);
    const tasks = await ended(me.cookie, res.body.taskIds ?? []);
    const failed = tasks.filter((task) => task?.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ refunded: true });
    expect(tasks.filter((task) => task?.status === 'completed')).toHaveLength(2);
    const refunds = (await ledgerOf(server.orm, me.id)).filter((row) => row.type === 'refund');
    expect(refunds.map((row) => row.amount)).toEqual([COST]);
    expect(refunds[0]?.image_task_id).toBe(failed[0]?.id);
    expect(await balanceOf(server.orm, me.id)).toBe(20 - 2 * COST);
  });

  it('the same Idempotency-Key twice makes one batch and charges once', async () => {
    const me = await person(30);
    const body = { prompt: `keyed batch ${crypto.randomUUID()}`, n: 2 };
    const headers = { 'idempotency-key': `batch-${crypto.randomUUID()}` };
    const first = await server.request<TaskSubmitted>('POST', '/api/generate-image', { cookie: me.cookie, body, headers });
    const again = await server.request<TaskSubmitted>('POST', '/api/generate-image', { cookie: me.cookie, body, headers });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.batchId).toBe(first.body.batchId);
    expect(again.body.taskIds).toEqual(first.body.taskIds);
    expect(await balanceOf(server.orm, me.id)).toBe(30 - 2 * COST);
    expect((await ledgerOf(server.orm, me.id)).filter((row) => row.type === 'usage')).toHaveLength(2);
  });

  it.each([
    ['0', 0],
    ['5', 5],
    ['a text "2"', '2'],
    ['1.5', 1.5],
  ])('n=%s: 400 naming /body/n, nothing charged', async (_name, n) => {
    const me = await person(20);
    const res = await server.request<Problem>('POST', '/api/generate-image', { cookie: me.cookie, body: { prompt: 'bad count', n } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.errors?.map((error) => error.pointer)).toEqual(['/body/n']);
    expect(await balanceOf(server.orm, me.id)).toBe(20);
  });

  it('n more than the free in-flight slots: 429 too_many_tasks, nothing charged', async () => {
    const me = await person(50);
    // Two of the four slots taken (rows the workers never pick up).
    for (const i of [1, 2]) await insertTask(server.orm, me.id, { status: 'generating', prompt: `busy ${i}` });
    const three = await server.request<Problem>('POST', '/api/generate-image', { cookie: me.cookie, body: { prompt: 'three', n: 3 } });
    expect([three.status, three.body.code]).toEqual([429, 'too_many_tasks']);
    expect(await balanceOf(server.orm, me.id)).toBe(50);
  });
});
