import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { eventually, ledgerOf, openRuntime, reloadTask, settled, textTask, userWithCredits } from '../testing/kit.ts';
import { TASK_STEP_QUEUE } from './task-queue.ts';

/** Every task ended exactly one way: completed and charged, or failed and refunded once. */
async function expectSettledBooks(db: StudioTestDatabase, userId: string) {
  const tasks = await db.orm.em.fork().find(ImageTask, { user: userId });
  const ledger = await ledgerOf(db.orm, userId);
  for (const task of tasks) {
    expect(['completed', 'failed']).toContain(task.status);
    const refunds = ledger.filter((row) => row.business_key === `refund:${task.taskId}`);
    const usage = ledger.filter((row) => row.business_key === `usage:${task.taskId}`);
    expect(usage).toHaveLength(1);
    if (task.status === 'completed') expect([task.refunded, refunds.length]).toEqual([false, 0]);
    else expect([task.refunded, refunds.length]).toEqual([true, 1]);
  }
  expect(await findLedgerMismatches(db.orm.em.fork())).toEqual([]);
  return tasks;
}

describe('a restart with work in flight', () => {
  let db: StudioTestDatabase;
  let kie: FakeKieServer;
  let filesDir: string;

  beforeAll(async () => {
    db = await openStudioTestDatabase({ onDisk: true });
    kie = await startFakeKieServer({ accounts: { slow: { taskDurationMs: 1500, credits: 1_000_000 } } });
    filesDir = await mkdtemp(join(tmpdir(), 'studio-restart-'));
  });
  afterAll(async () => {
    await kie?.close();
    await db?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const kieStudio = () => ({
    kie: {
      baseUrl: kie.url,
      models: { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' },
    },
    allowPrivateFetchFor: [new URL(kie.url).host],
  });

  const text = (userId: string, prompt = 'a slow lighthouse') => textTask(userId, prompt);

  it('a KIE task generating when the process stops is completed by the next process', async () => {
    const em = db.orm.em.fork();
    em.create(KieApi, { name: 'slow', token: 'slow', totalCredits: 1_000_000, lastUsed: null });
    await em.flush();
    const user = await userWithCredits(db.orm, 20);
    const first = await openRuntime(db.orm, { filesDir, studio: kieStudio() });
    await first.runtime.start();
    const { task } = await first.runtime.submit(db.orm.em.fork(), text(user.id));
    await eventually(async () => (await reloadTask(db.orm, task.id)).status === 'generating');
    await first.close();
    await db.reopen();

    const second = await openRuntime(db.orm, { filesDir, studio: kieStudio() });
    await second.runtime.start();
    try {
      const done = await settled(db.orm, task.id);
      expect(done.status).toBe('completed');
      expect(kie.createTaskRequests('slow')).toHaveLength(1);
      await expectSettledBooks(db, user.id);
    } finally {
      await second.close();
      await db.orm.em.fork().nativeDelete(KieApi, {});
    }
  });

  it('a step job held by a worker that died is handed back when it expires, and the task finishes', async () => {
    const user = await userWithCredits(db.orm, 20);
    const first = await openRuntime(db.orm, { filesDir, studio: { sandboxDelayMs: 0 }, workers: false });
    const { task } = await first.runtime.submit(db.orm.em.fork(), text(user.id, 'orphaned'));
    // A worker takes the step and dies without finishing it; its time runs out in a second.
    const [taken] = await first.jobs.boss.fetch(TASK_STEP_QUEUE);
    expect(taken?.data).toEqual({ id: task.id });
    await db.orm.em.fork().execute(`update "pgboss"."job" set "expire_seconds" = 1 where "id" = ?`, [taken?.id]);
    await first.close();
    await db.reopen();

    const second = await openRuntime(db.orm, { filesDir, studio: { sandboxDelayMs: 0 }, superviseIntervalSeconds: 1 });
    await second.runtime.start();
    try {
      const done = await settled(db.orm, task.id, 60_000);
      expect(done.status).toBe('completed');
      await expectSettledBooks(db, user.id);
    } finally {
      await second.close();
    }
  });

  it('an in-flight task without any step job (from before the upgrade) is sent one by the schedule', async () => {
    const user = await userWithCredits(db.orm, 20);
    const handle = await openRuntime(db.orm, { filesDir, studio: { sandboxDelayMs: 0 }, workers: false });
    try {
      const { task } = await handle.runtime.submit(db.orm.em.fork(), text(user.id, 'stranded'));
      // The job is lost (as if the task came from the old runner).
      const [sent] = await handle.jobs.boss.findJobs(TASK_STEP_QUEUE, { key: task.id });
      await handle.jobs.boss.deleteJob(TASK_STEP_QUEUE, sent?.id ?? '');
      await db.orm.em.fork().execute(`update "image_tasks" set "created_at" = now() - interval '2 minutes' where "id" = ?`, [task.id]);
      expect(await handle.jobs.boss.findJobs(TASK_STEP_QUEUE, { key: task.id })).toEqual([]);
      expect(await handle.runtime.tasks.resendStranded(db.orm.em.fork())).toBe(1);
      const [job] = await handle.jobs.boss.findJobs(TASK_STEP_QUEUE, { key: task.id });
      expect(job?.state).toBe('created');
      // A task with its job is left alone.
      expect(await handle.runtime.tasks.resendStranded(db.orm.em.fork())).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it('a batch cut off mid-way ends every task completed or refunded, never both, never neither', async () => {
    const user = await userWithCredits(db.orm, 100);
    const sandbox = { sandboxDelayMs: 1200, maxTasksInFlight: 10 };
    const first = await openRuntime(db.orm, { filesDir, studio: sandbox });
    await first.runtime.start();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const prompt = i % 3 === 0 ? `broken ${i} [sandbox:fail]` : `fine ${i}`;
      ids.push((await first.runtime.submit(db.orm.em.fork(), text(user.id, prompt))).task.id);
    }
    await eventually(async () => (await db.orm.em.fork().count(ImageTask, { id: { $in: ids }, status: 'generating' })) >= 3);
    await first.close();
    await db.reopen();

    const second = await openRuntime(db.orm, { filesDir, studio: sandbox });
    await second.runtime.start();
    try {
      for (const id of ids) await settled(db.orm, id, 30_000);
      const tasks = await expectSettledBooks(db, user.id);
      const byStatus = tasks.filter((task) => ids.includes(task.id)).map((task) => [task.prompt.startsWith('broken'), task.status]);
      for (const [broken, status] of byStatus) expect(status).toBe(broken ? 'failed' : 'completed');
    } finally {
      await second.close();
    }
  });
});
