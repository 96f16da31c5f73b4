import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpProblem } from '../../../errors.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { AdminSettings } from '../../settings/index.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { balanceOf, ledgerOf, userWithCredits } from '../testing/kit.ts';
import { ImageTask } from './image-task.entity.ts';
import { ImageTaskRepository } from './image-task.repository.ts';
import { type SubmitLimits, type SubmitTaskInput, submitImageTask } from './submit.service.ts';

const limits: SubmitLimits = { maxTasksInFlight: 4, maxWaitingTasks: 500, taskTimeoutMs: 600_000, isProduction: false };

function textTask(userId: string, overrides: Partial<SubmitTaskInput> = {}): SubmitTaskInput {
  return {
    userId,
    kind: 'text_to_image',
    prompt: 'a paper boat',
    inputImageUrls: [],
    aspectRatio: '1:1',
    createdVia: 'web',
    priceList: 'studio',
    ...overrides,
  };
}

async function problemOf(promise: Promise<unknown>): Promise<HttpProblem> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
}

describe('submitImageTask', () => {
  let db: StudioTestDatabase;
  beforeAll(async () => {
    db = await openStudioTestDatabase();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    const em = db.orm.em.fork();
    await em.nativeDelete(KieApi, {});
    await em.nativeUpdate(AdminSettings, { id: 1 }, { nanoBananaCredits: 2, nanoBananaEditCredits: 3, nanoBananaResizeCredits: 5 });
  });

  it('inserts a pending task and charges it under usage:<taskId> in one go', async () => {
    const user = await userWithCredits(db.orm, 10);
    const { task, creditsUsed, remainingCredits } = await submitImageTask(db.orm.em.fork(), textTask(user.id), limits);
    expect([creditsUsed, remainingCredits]).toEqual([2, 8]);
    expect(task.taskId).toMatch(/^tsk_[A-Za-z0-9_-]{22}$/);
    expect(task).toMatchObject({
      status: 'pending',
      model: 'nano_banana',
      generationType: 'text_to_image',
      creditsUsed: 2,
      refunded: false,
    });
    expect(task.deadlineAt.getTime() - Date.now()).toBeGreaterThan(590_000);
    const ledger = await ledgerOf(db.orm, user.id);
    expect(ledger.at(-1)).toMatchObject({
      type: 'usage',
      amount: -2,
      business_key: `usage:${task.taskId}`,
      image_task_id: task.id,
      balance_after: 8,
    });
    expect(await balanceOf(db.orm, user.id)).toBe(8);
  });

  it('writes alsoRecord in the same transaction: when it fails, neither the task nor its charge exists', async () => {
    const user = await userWithCredits(db.orm, 10);
    const ledgerBefore = await ledgerOf(db.orm, user.id);
    const seen: string[] = [];
    const failing = textTask(user.id, {
      alsoRecord: async (tx, submitted) => {
        // Inside the transaction the task and the charge are already visible ...
        const [row] = await tx.execute<{ credits: number }[]>('select "credits" from "users" where "id" = ?', [user.id]);
        seen.push(`${submitted.task.taskId}:${row?.credits}`);
        throw new Error('the extra write failed');
      },
    });
    await expect(submitImageTask(db.orm.em.fork(), failing, limits)).rejects.toThrow('the extra write failed');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/:8$/);
    // ... and after the rollback neither is.
    expect(await db.orm.em.fork().count(ImageTask, { user: user.id })).toBe(0);
    expect(await balanceOf(db.orm, user.id)).toBe(10);
    expect(await ledgerOf(db.orm, user.id)).toEqual(ledgerBefore);
  });

  it('prices edits and upscales from the settings, and the automation API from its own prices', async () => {
    const user = await userWithCredits(db.orm, 100);
    const em = db.orm.em.fork();
    await em.nativeUpdate(AdminSettings, { id: 1 }, { nanoBananaApiPrice: 7, nanoBananaEditApiPrice: 11 });
    const edit = await submitImageTask(em, textTask(user.id, { kind: 'edit_image', inputImageUrls: ['https://x.test/a.png'] }), limits);
    const upscale = await submitImageTask(
      em,
      textTask(user.id, { kind: 'upscale', inputImageUrls: ['https://x.test/a.png'], scaleRatio: 4 }),
      limits,
    );
    const api = await submitImageTask(em, textTask(user.id, { priceList: 'api', createdVia: 'n8n' }), limits);
    const apiEdit = await submitImageTask(
      em,
      textTask(user.id, { priceList: 'api', createdVia: 'api', kind: 'edit_image', inputImageUrls: ['https://x.test/a.png'] }),
      { ...limits, maxTasksInFlight: 10 },
    );
    expect([edit.creditsUsed, upscale.creditsUsed, api.creditsUsed, apiEdit.creditsUsed]).toEqual([3, 5, 7, 11]);
    expect(upscale.task).toMatchObject({ model: 'nano_banana_upscale', generationType: 'upscale', scaleRatio: 4 });
    expect(api.task.createdVia).toBe('n8n');
    const ledger = await ledgerOf(db.orm, user.id);
    expect(ledger.filter((row) => row.type === 'usage').map((row) => row.amount)).toEqual([-3, -5, -7, -11]);
    expect(await balanceOf(db.orm, user.id)).toBe(100 - 26);
  });

  it('answers 402 with nothing written when the balance is too low', async () => {
    const user = await userWithCredits(db.orm, 1);
    const problem = await problemOf(submitImageTask(db.orm.em.fork(), textTask(user.id), limits));
    expect([problem.status, problem.code]).toEqual([402, 'insufficient_credits']);
    expect(await db.orm.em.fork().count(ImageTask, { user: user.id })).toBe(0);
    expect((await ledgerOf(db.orm, user.id)).map((row) => row.type)).toEqual(['adjustment']);
    expect(await balanceOf(db.orm, user.id)).toBe(1);
  });

  it("answers 503 studio_busy with Retry-After and nothing written while the cluster's waiting line is full", async () => {
    // The long chaos run accepted thousands of tasks no worker could start in time: charged, then refunded.
    const waiting = await new ImageTaskRepository(db.orm.em.fork()).countWaitingToStart(100_000);
    const line = { ...limits, maxWaitingTasks: waiting + 2 };
    const [first, second, third] = [
      await userWithCredits(db.orm, 10),
      await userWithCredits(db.orm, 10),
      await userWithCredits(db.orm, 10),
    ];
    await submitImageTask(db.orm.em.fork(), textTask(first.id), line);
    await submitImageTask(db.orm.em.fork(), textTask(second.id), line);
    const problem = await problemOf(submitImageTask(db.orm.em.fork(), textTask(third.id), line));
    expect([problem.status, problem.code, problem.headers]).toEqual([503, 'studio_busy', { 'Retry-After': '10' }]);
    expect(await db.orm.em.fork().count(ImageTask, { user: third.id })).toBe(0);
    expect(await balanceOf(db.orm, third.id)).toBe(10);
    // A task that starts at the provider leaves the line: the next one is taken.
    await db.orm.em.fork().nativeUpdate(ImageTask, { user: first.id }, { status: 'generating', providerTaskId: 'kie_started' });
    await submitImageTask(db.orm.em.fork(), textTask(third.id), line);
    expect(await balanceOf(db.orm, third.id)).toBe(8);
  });

  it('answers 429 too_many_tasks beyond the in-flight limit, and frees a slot when a task ends', async () => {
    const user = await userWithCredits(db.orm, 100);
    const em = db.orm.em.fork();
    const first = await submitImageTask(em, textTask(user.id), limits);
    for (let i = 0; i < 3; i++) await submitImageTask(em, textTask(user.id), limits);
    const problem = await problemOf(submitImageTask(em, textTask(user.id), limits));
    expect([problem.status, problem.code, problem.headers['Retry-After']]).toEqual([429, 'too_many_tasks', '5']);
    expect(await balanceOf(db.orm, user.id)).toBe(100 - 8);
    await em.nativeUpdate(ImageTask, { id: first.task.id }, { status: 'completed' });
    await expect(submitImageTask(em, textTask(user.id), limits)).resolves.toBeDefined();
  });

  it('holds the in-flight limit under concurrency', async () => {
    const user = await userWithCredits(db.orm, 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, () => submitImageTask(db.orm.em.fork(), textTask(user.id), limits)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as HttpProblem).code).toBe('too_many_tasks');
    expect(await balanceOf(db.orm, user.id)).toBe(1000 - 8);
  });

  it('accepts exactly k of 64 concurrent submits on a balance worth k tasks', async () => {
    const k = 7;
    const user = await userWithCredits(db.orm, 2 * k + 1);
    const wide = { ...limits, maxTasksInFlight: 100 };
    const results = await Promise.allSettled(Array.from({ length: 64 }, () => submitImageTask(db.orm.em.fork(), textTask(user.id), wide)));
    const accepted = results.filter((r) => r.status === 'fulfilled');
    expect(accepted).toHaveLength(k);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as HttpProblem).status).toBe(402);
    expect(await balanceOf(db.orm, user.id)).toBe(1);
    const ledger = await ledgerOf(db.orm, user.id);
    expect(ledger.filter((row) => row.type === 'usage')).toHaveLength(k);
    expect(ledger.every((row) => row.balance_after >= 0)).toBe(true);
    expect(await db.orm.em.fork().count(ImageTask, { user: user.id })).toBe(k);
    expect(await findLedgerMismatches(db.orm.em.fork())).toEqual([]);
  });

  it('in production needs an enabled KIE account, else 503 no_provider with nothing written', async () => {
    const user = await userWithCredits(db.orm, 10);
    const production = { ...limits, isProduction: true };
    const problem = await problemOf(submitImageTask(db.orm.em.fork(), textTask(user.id), production));
    expect([problem.status, problem.code]).toEqual([503, 'no_provider']);
    expect(await balanceOf(db.orm, user.id)).toBe(10);
    const em = db.orm.em.fork();
    em.create(KieApi, { name: 'off', token: 'tok-off', isEnabled: false, lastUsed: null });
    await em.flush();
    expect((await problemOf(submitImageTask(db.orm.em.fork(), textTask(user.id), production))).code).toBe('no_provider');
    em.create(KieApi, { name: 'on', token: 'tok-on', lastUsed: null });
    await em.flush();
    await expect(submitImageTask(db.orm.em.fork(), textTask(user.id), production)).resolves.toMatchObject({ creditsUsed: 2 });
  });

  it('refuses a disabled or unknown user', async () => {
    const problem = await problemOf(submitImageTask(db.orm.em.fork(), textTask(crypto.randomUUID()), limits));
    expect(problem.status).toBe(401);
  });
});
