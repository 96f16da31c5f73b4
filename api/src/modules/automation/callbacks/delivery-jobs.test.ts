import type { AutomationSubmitted } from '@app/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer } from '../../../../test/index.ts';
import { failTask, workOnTask } from '../../studio/index.ts';
import { createApiToken } from '../../tokens/index.ts';
import { CALLBACK_QUEUE, CallbackDeliveries } from './delivery-jobs.ts';

describe('callback deliveries as pg-boss jobs', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    // A web process: jobs are sent but nobody works on them, so the test sees exactly what was queued.
    server = await startTestServer({
      config: { role: 'web', automationCallbacks: { retryMs: [300], allowedNetworks: ['127.0.0.1'] } },
      studio: { sandboxDelayMs: 0 },
    });
    const user = await createUser(server, { credits: 100 });
    token = (await createApiToken(server.orm.em.fork(), user.id, 'n8n')).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const submit = async (events: string[]) => {
    const res = await server.request<AutomationSubmitted>('POST', '/api/n8n/generate', {
      body: { input: { prompt: 'a queued callback' }, callbackUrl: 'http://127.0.0.1:9/hook', callbackEvents: events },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(202);
    const [row] = await server.orm.em
      .fork()
      .execute<{ id: string }[]>('select "id" from "image_tasks" where "task_id" = ?', [res.body.taskId]);
    return row!.id;
  };
  const deliveries = (taskId: string) =>
    server.orm.em
      .fork()
      .execute<{ id: string; event: string; state: string }[]>(
        'select "id", "event", "state" from "webhook_deliveries" where "task_id" = ? order by "event"',
        [taskId],
      );
  const queuedFor = async (deliveryId: string) =>
    (await server.studio.jobs.boss.findJobs(CALLBACK_QUEUE, { key: deliveryId })).filter((job) => job.state === 'created');

  it('queues nothing at submission, then each event in the transaction of the transition that makes it happen', async () => {
    const taskId = await submit(['started', 'completed', 'failed']);
    const rows = await deliveries(taskId);
    for (const row of rows) expect(await queuedFor(row.id)).toEqual([]);
    // The submit step: pending -> generating queues "started" only.
    await workOnTask(server.studio.work, taskId);
    const byEvent = Object.fromEntries((await deliveries(taskId)).map((row) => [row.event, row]));
    expect(await queuedFor(byEvent.started!.id)).toHaveLength(1);
    expect(await queuedFor(byEvent.completed!.id)).toEqual([]);
    // Failing queues "failed" and skips "completed", in the refund's transaction.
    await failTask(server.orm.em.fork(), taskId, 'gave up', server.studio.work.afterTransition);
    const after = Object.fromEntries((await deliveries(taskId)).map((row) => [row.event, row]));
    expect(after.completed!.state).toBe('skipped');
    expect(await queuedFor(after.failed!.id)).toHaveLength(1);
    expect(await queuedFor(after.completed!.id)).toEqual([]);
  });

  it('a transition rolled back queues nothing', async () => {
    const taskId = await submit(['failed']);
    const [row] = await deliveries(taskId);
    await expect(
      server.orm.em.fork().transactional(async (tx) => {
        await failTask(tx, taskId, 'rolled back', server.studio.work.afterTransition);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queuedFor(row!.id)).toEqual([]);
  });

  it('a waiting delivery whose event happened but that has no job (from before the jobs) is queued by the schedule', async () => {
    const taskId = await submit(['failed']);
    const [row] = await deliveries(taskId);
    await failTask(server.orm.em.fork(), taskId, 'old failure');
    await server.orm.em
      .fork()
      .execute(`update "webhook_deliveries" set "next_attempt_at" = now() - interval '1 hour' where "id" = ?`, [row!.id]);
    const deliveriesJobs = new CallbackDeliveries(server.studio.jobs, {
      orm: server.orm,
      logger: pino({ level: 'silent' }),
      fetchOptions: {},
      retryMs: [],
    });
    expect(await deliveriesJobs.resendStranded(server.orm.em.fork())).toBe(1);
    expect(await queuedFor(row!.id)).toHaveLength(1);
    expect(await deliveriesJobs.resendStranded(server.orm.em.fork())).toBe(0);
  });

  it("an end event's first attempt waits while the task's started event has not been tried, then goes", async () => {
    const taskId = await submit(['started', 'completed']);
    const byEvent = Object.fromEntries((await deliveries(taskId)).map((row) => [row.event, row]));
    const deliveriesJobs = new CallbackDeliveries(server.studio.jobs, {
      orm: server.orm,
      logger: pino({ level: 'silent' }),
      fetchOptions: {},
      retryMs: [],
    });
    const attemptOf = async (id: string) =>
      (
        await server.orm.em
          .fork()
          .execute<{ attempt: number; state: string }[]>('select "attempt", "state" from "webhook_deliveries" where "id" = ?', [id])
      )[0];

    await deliveriesJobs.attempt(byEvent.completed!.id);
    expect(await attemptOf(byEvent.completed!.id)).toEqual({ attempt: 0, state: 'waiting' });
    expect(await queuedFor(byEvent.completed!.id)).toHaveLength(1);

    await server.orm.em
      .fork()
      .execute(`update "webhook_deliveries" set "state" = 'delivered', "attempt" = 1 where "id" = ?`, [byEvent.started!.id]);
    await deliveriesJobs.attempt(byEvent.completed!.id);
    expect((await attemptOf(byEvent.completed!.id))?.attempt).toBe(1);
  });
});
