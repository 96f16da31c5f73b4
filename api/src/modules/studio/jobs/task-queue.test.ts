import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';
import { ImageTaskRepository } from '../tasks/image-task.repository.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { eventually, insertTask, openRuntime, type RuntimeHandle, settled, textTask, userWithCredits } from '../testing/kit.ts';
import { PROVIDER_CALLBACK_QUEUE, TASK_STEP_QUEUE } from './task-queue.ts';

const text = (userId: string, prompt = 'a queued kite') => textTask(userId, prompt);

describe('task steps on pg-boss', () => {
  let db: StudioTestDatabase;
  let kie: FakeKieServer;
  let handle: RuntimeHandle | undefined;

  beforeAll(async () => {
    db = await openStudioTestDatabase();
    kie = await startFakeKieServer({ accounts: { first: { taskDurationMs: 1500 }, second: { taskDurationMs: 1500 } } });
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    await db.orm.em.fork().nativeDelete(KieApi, {});
  });
  afterAll(async () => {
    await kie?.close();
    await db?.close();
  });

  const kieStudio = (extra = {}) => ({
    kie: {
      baseUrl: kie.url,
      models: { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' },
    },
    allowPrivateFetchFor: [new URL(kie.url).host],
    ...extra,
  });

  it('the submit writes the first step in its own transaction: no task without its job', async () => {
    handle = await openRuntime(db.orm, { workers: false });
    const user = await userWithCredits(db.orm, 10);
    const { task } = await handle.runtime.submit(db.orm.em.fork(), text(user.id));
    const jobs = await handle.jobs.boss.findJobs(TASK_STEP_QUEUE, { key: task.id });
    expect(jobs.map((job) => [job.state, job.data])).toEqual([['created', { id: task.id }]]);
  });

  it('replayed callbacks keep one step queued per task, brought forward to now', async () => {
    handle = await openRuntime(db.orm, { workers: false });
    const user = await userWithCredits(db.orm, 10);
    const { task } = await handle.runtime.submit(db.orm.em.fork(), text(user.id));
    // The queued step is for later (a status check in a minute)...
    await handle.jobs.boss.deleteJob(TASK_STEP_QUEUE, (await handle.jobs.boss.findJobs(TASK_STEP_QUEUE, { key: task.id }))[0]?.id ?? '');
    await handle.runtime.tasks.next(db.orm.em.fork(), task.id, 60_000);
    // ...then the same callback arrives ten times.
    for (let i = 0; i < 10; i++) await handle.runtime.tasks.wake(task.id);
    const queued = await handle.jobs.boss.findJobs(TASK_STEP_QUEUE, { key: task.id, queued: true });
    expect(queued).toHaveLength(1);
    expect(new Date(queued[0]!.startAfter).getTime()).toBeLessThanOrEqual(Date.now());
    // A later step does not push the one the callback brought forward back.
    await handle.runtime.tasks.next(db.orm.em.fork(), task.id, 60_000);
    const after = await handle.jobs.boss.findJobs(TASK_STEP_QUEUE, { key: task.id, queued: true });
    expect(after.map((job) => job.id)).toEqual([queued[0]!.id]);
    expect(new Date(after[0]!.startAfter).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a callback naming a task we do not know yet is retried by pg-boss until the task shows up', async () => {
    handle = await openRuntime(db.orm, { workers: false });
    const user = await userWithCredits(db.orm, 10);
    const task = await insertTask(db.orm, user.id, {
      status: 'generating',
      provider: 'kie',
      providerTaskId: null,
      deadlineAt: new Date(Date.now() + 600_000),
    });
    await handle.runtime.onProviderCallback('kie', 'task_arrives_late');
    // Workers that only look tasks up: the step the callback sends is left for the test to see.
    const workers = await openRuntime(db.orm, {});
    try {
      await workers.runtime.tasks.work({
        step: async () => {
          throw new Error('steps are not worked on in this test');
        },
        find: () => new ImageTaskRepository(db.orm.em.fork()),
      });
      const [failedOnce] = await eventually(
        async () => {
          const jobs = await handle!.jobs.boss.findJobs(PROVIDER_CALLBACK_QUEUE);
          return jobs.some((job) => job.retryCount >= 1) ? jobs : undefined;
        },
        20_000,
        'the callback job to be retried',
      );
      expect(failedOnce?.data).toEqual({ provider: 'kie', providerTaskId: 'task_arrives_late' });
      await db.orm.em.fork().nativeUpdate(ImageTask, { id: task.id }, { providerTaskId: 'task_arrives_late' });
      await eventually(async () => (await handle!.jobs.boss.findJobs(PROVIDER_CALLBACK_QUEUE))[0]?.state === 'completed', 20_000);
      const steps = await handle.jobs.boss.findJobs(TASK_STEP_QUEUE, { key: task.id });
      expect(steps).toHaveLength(1);
    } finally {
      await workers.close();
    }
  });

  it('no KIE account runs more tasks at once than KIE_MAX_TASKS_PER_ACCOUNT, across the cluster; the rest wait and finish', async () => {
    const em = db.orm.em.fork();
    em.create(KieApi, { name: 'first', token: 'first', totalCredits: 100_000, lastUsed: null });
    em.create(KieApi, { name: 'second', token: 'second', totalCredits: 100_000, lastUsed: null });
    await em.flush();
    const studio = kieStudio({ kieMaxTasksPerAccount: 1, maxTasksInFlight: 10 });
    // Two worker processes share the cap.
    handle = await openRuntime(db.orm, { studio });
    const other = await openRuntime(db.orm, { studio });
    await handle.runtime.start();
    await other.runtime.start();
    try {
      const user = await userWithCredits(db.orm, 100);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await handle.runtime.submit(db.orm.em.fork(), text(user.id, `capped ${i}`))).task.id);
      let most = 0;
      let waited = false;
      await eventually(
        async () => {
          const rows = await db.orm.em
            .fork()
            .execute<{ kie_api_id: string | null; status: string }[]>(
              'select "kie_api_id", "status" from "image_tasks" where "id" in (?, ?, ?, ?)',
              ids,
            );
          const perAccount = new Map<string, number>();
          for (const row of rows) {
            if (row.status === 'generating' && row.kie_api_id) perAccount.set(row.kie_api_id, (perAccount.get(row.kie_api_id) ?? 0) + 1);
          }
          most = Math.max(most, ...perAccount.values(), 0);
          if (rows.some((row) => row.status === 'pending') && [...perAccount.values()].length === 2) waited = true;
          return rows.every((row) => row.status === 'completed');
        },
        60_000,
        'every capped task to complete',
      );
      expect(most).toBe(1);
      expect(waited).toBe(true);
      for (const id of ids) expect((await settled(db.orm, id)).status).toBe('completed');
      expect(kie.createTaskRequests('first').length + kie.createTaskRequests('second').length).toBeGreaterThanOrEqual(4);
    } finally {
      await other.close();
    }
  });
});
