import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpProblem } from '../../../errors.ts';
import { applyLedgerEntry, findLedgerMismatches } from '../../ledger/index.ts';
import { failAndRefund } from '../jobs/work-on-task.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { userWithCredits } from '../testing/kit.ts';
import type { TaskKind } from './cost.ts';
import { ImageTask } from './image-task.entity.ts';
import { refundTask } from './refund.ts';
import { type SubmitLimits, submitImageTask } from './submit.service.ts';
import { completeTask } from './task-state.ts';

type Op =
  | { kind: 'submit'; user: number; task: TaskKind; via: 'studio' | 'api' }
  | { kind: 'fail'; pick: number }
  | { kind: 'complete'; pick: number }
  | { kind: 'adminRefund'; pick: number }
  | { kind: 'grant'; user: number; amount: number; replay: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('submit'),
      user: fc.nat(2),
      task: fc.constantFrom<TaskKind>('text_to_image', 'edit_image', 'upscale'),
      via: fc.constantFrom<'studio' | 'api'>('studio', 'api'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fail'), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('complete'), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adminRefund'), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('grant'), user: fc.nat(2), amount: fc.integer({ min: 1, max: 20 }), replay: fc.boolean() }),
  },
) as fc.Arbitrary<Op>;

describe('ledger invariant under random operations', () => {
  let db: StudioTestDatabase;
  const limits: SubmitLimits = { maxTasksInFlight: 3, maxWaitingTasks: 500, taskTimeoutMs: 600_000, isProduction: false };
  // Tasks here have no stored files: deleting them is a no-op that must not fail.
  const deps = () => ({ orm: db.orm, afterTransition: async () => undefined, storage: { delete: async () => undefined }, logger: console });

  beforeAll(async () => {
    db = await openStudioTestDatabase();
  });
  afterAll(() => db.close());

  it('keeps balance = sum of transactions, never negative, one charge and at most one refund per task', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }), async (batches) => {
        run += 1;
        const users = await Promise.all([0, 1, 2].map(() => userWithCredits(db.orm, 12)));
        const userIds = users.map((user) => user.id);
        const taskIds: string[] = [];
        const adminRefunded = new Set<string>();
        let grant = 0;
        const apply = async (step: Op) => {
          const pickTask = (n: number) => taskIds[n % Math.max(1, taskIds.length)];
          switch (step.kind) {
            case 'submit': {
              const userId = userIds[step.user] ?? '';
              try {
                const { task } = await submitImageTask(
                  db.orm.em.fork(),
                  {
                    userId,
                    kind: step.task,
                    prompt: 'p',
                    inputImageUrls: step.task === 'text_to_image' ? [] : ['https://x.test/a.png'],
                    aspectRatio: '1:1',
                    createdVia: step.via === 'api' ? 'api' : 'web',
                    priceList: step.via,
                  },
                  limits,
                );
                taskIds.push(task.id);
              } catch (error) {
                if (!(error instanceof HttpProblem) || ![402, 429].includes(error.status)) throw error;
              }
              return;
            }
            case 'fail': {
              const id = pickTask(step.pick);
              if (id) await failAndRefund(deps(), id, 'random failure');
              return;
            }
            case 'complete': {
              const id = pickTask(step.pick);
              if (id)
                await completeTask(db.orm.em.fork(), id, { resultUrls: ['http://studio.test/files/results/x/0.png'], thumbnailUrl: null });
              return;
            }
            case 'adminRefund': {
              const id = pickTask(step.pick);
              if (id && (await refundTask(db.orm.em.fork(), id, 'admin')) > 0) adminRefunded.add(id);
              return;
            }
            case 'grant': {
              grant += step.replay ? 0 : 1;
              await applyLedgerEntry(db.orm.em.fork(), {
                userId: userIds[step.user] ?? '',
                amount: step.amount,
                type: 'bonus',
                businessKey: `prop:${run}:${step.user}:${grant}`,
                description: 'grant',
              });
              return;
            }
          }
        };
        // Operations inside a batch run concurrently, batches one after another.
        for (const batch of batches) await Promise.all(batch.map(apply));

        const em = db.orm.em.fork();
        expect(await findLedgerMismatches(em)).toEqual([]);
        for (const userId of userIds) {
          const [row] = await em.execute<{ credits: number; total: number | string }[]>(
            `select u."credits", coalesce((select sum("amount") from "transactions" t where t."user_id" = u."id"), 0) as "total"
               from "users" u where u."id" = ?`,
            [userId],
          );
          expect(row?.credits).toBeGreaterThanOrEqual(0);
          expect(Number(row?.total)).toBe(row?.credits);
        }
        const tasks = await em.find(ImageTask, { user: { $in: userIds } });
        const ledger = await em.execute<{ business_key: string; amount: number }[]>(
          'select "business_key", "amount" from "transactions" where "user_id" in (?, ?, ?)',
          userIds,
        );
        for (const task of tasks) {
          const usage = ledger.filter((entry) => entry.business_key === `usage:${task.taskId}`);
          const refunds = ledger.filter((entry) => entry.business_key === `refund:${task.taskId}`);
          expect(usage.map((entry) => entry.amount)).toEqual([-task.creditsUsed]);
          expect(refunds.map((entry) => entry.amount)).toEqual(task.refunded ? [task.creditsUsed] : []);
          // In-flight tasks are never refunded; failed ones always are.
          if (task.status === 'pending' || task.status === 'generating') expect(task.refunded).toBe(false);
          if (task.status === 'failed') expect(task.refunded).toBe(true);
          // A completed task is only ever refunded by an admin's explicit call.
          if (task.status === 'completed' && task.refunded) expect(adminRefunded.has(task.id)).toBe(true);
        }
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});
