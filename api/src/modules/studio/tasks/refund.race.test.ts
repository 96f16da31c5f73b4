import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { expireOverdueTasks, workOnTask } from '../jobs/work-on-task.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { balanceOf, eventually, ledgerOf, openRuntime, type RuntimeHandle, reloadTask, userWithCredits } from '../testing/kit.ts';
import { refundTask } from './refund.ts';
import type { TaskTransition } from './task-state.ts';

describe('refunds under racing paths', () => {
  let db: StudioTestDatabase;
  let kie: FakeKieServer;
  let handle: RuntimeHandle;
  const failures: TaskTransition[] = [];

  beforeAll(async () => {
    db = await openStudioTestDatabase();
    kie = await startFakeKieServer({ accounts: { failing: { mode: 'fail_tasks', failMsg: 'Upstream said no' } } });
    const em = db.orm.em.fork();
    em.create(KieApi, { name: 'failing', token: 'failing', totalCredits: 1_000_000, lastUsed: null });
    await em.flush();
    handle = await openRuntime(db.orm, {
      studio: {
        kie: {
          baseUrl: kie.url,
          models: { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' },
        },
        // Checks far apart: the test decides when each path runs.
        pollMinMs: 600_000,
        pollMaxMs: 600_000,
      },
      // No workers: each racing path below is a step the test starts itself.
      workers: false,
    });
    // What the operator's alert and the callbacks follow: the failed transition, in its transaction.
    handle.runtime.onTransition(async (_tx, transition) => {
      if (transition.event === 'failed') failures.push(transition);
    });
  });
  afterAll(async () => {
    await handle?.close();
    await kie?.close();
    await db?.close();
  });

  /** A task that KIE has already failed, submitted and generating on our side. */
  async function generatingTask(userId: string) {
    const { task } = await handle.runtime.submit(db.orm.em.fork(), {
      userId,
      kind: 'text_to_image',
      prompt: 'doomed',
      inputImageUrls: [],
      aspectRatio: '1:1',
      createdVia: 'web',
      priceList: 'studio',
    });
    await workOnTask(handle.runtime.work, task.id);
    const generating = await reloadTask(db.orm, task.id);
    expect(generating.status).toBe('generating');
    await eventually(async () => kie.tasks.get(generating.providerTaskId ?? '')!.completeAt <= Date.now());
    return generating;
  }

  it('callback, poller, time limit and an admin racing refund exactly once', async () => {
    const user = await userWithCredits(db.orm, 10);
    const task = await generatingTask(user.id);
    // The time limit has passed too, so the sweep competes with the others.
    await db.orm.em.fork().execute(`update "image_tasks" set "deadline_at" = now() - interval '1 second' where "id" = ?`, [task.id]);
    const racers = [
      ...Array.from({ length: 3 }, () => handle.runtime.checkTask(task.id)),
      ...Array.from({ length: 2 }, () => workOnTask(handle.runtime.work, task.id)),
      ...Array.from({ length: 3 }, () => expireOverdueTasks(handle.runtime.work)),
      ...Array.from({ length: 3 }, () => refundTask(db.orm.em.fork(), task.taskId, 'admin')),
    ];
    const results = await Promise.all(racers);
    const final = await reloadTask(db.orm, task.id);
    expect(final).toMatchObject({ status: 'failed', refunded: true });
    const refunds = (await ledgerOf(db.orm, user.id)).filter((row) => row.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 2, business_key: `refund:${task.taskId}` });
    expect(await balanceOf(db.orm, user.id)).toBe(10);
    // Whoever refunded, the admin calls that lost answered 0 and the failed transition was followed once.
    const adminAmounts = results.slice(-3) as number[];
    expect(adminAmounts.every((amount) => amount === 0 || amount === 2)).toBe(true);
    expect(failures.filter((transition) => transition.id === task.id)).toHaveLength(1);
    expect(await findLedgerMismatches(db.orm.em.fork())).toEqual([]);
  });

  it('the same race without the time limit: the provider failure is refunded exactly once', async () => {
    const user = await userWithCredits(db.orm, 10);
    const task = await generatingTask(user.id);
    await Promise.all([
      handle.runtime.checkTask(task.id),
      handle.runtime.checkTask(task.id),
      workOnTask(handle.runtime.work, task.id),
      workOnTask(handle.runtime.work, task.id),
      expireOverdueTasks(handle.runtime.work),
    ]);
    const final = await reloadTask(db.orm, task.id);
    expect(final).toMatchObject({ status: 'failed', refunded: true, errorMessage: 'Upstream said no' });
    expect((await ledgerOf(db.orm, user.id)).filter((row) => row.type === 'refund')).toHaveLength(1);
    expect(await balanceOf(db.orm, user.id)).toBe(10);
  });

  it('refundTask leaves in-flight tasks to the pipeline and refunds a finished one once', async () => {
    const user = await userWithCredits(db.orm, 10);
    const task = await generatingTask(user.id);
    expect(await refundTask(db.orm.em.fork(), task.taskId, 'too early')).toBe(0);
    await db.orm.em.fork().execute(`update "image_tasks" set "status" = 'completed' where "id" = ?`, [task.id]);
    expect(await refundTask(db.orm.em.fork(), task.id, 'bad picture')).toBe(2);
    expect(await refundTask(db.orm.em.fork(), task.taskId, 'again')).toBe(0);
    expect(await refundTask(db.orm.em.fork(), 'tsk_unknownunknownunknown', 'nothing')).toBe(0);
    expect(await balanceOf(db.orm, user.id)).toBe(10);
    const refunds = (await ledgerOf(db.orm, user.id)).filter((row) => row.type === 'refund');
    expect(refunds).toHaveLength(1);
  });
});
