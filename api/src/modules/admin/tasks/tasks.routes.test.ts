import type { FailedTaskList, RecheckResult, RefundResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { loadConfig } from '../../../config.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { findLedgerMismatches, Transaction } from '../../ledger/index.ts';
import { ImageTask } from '../../studio/index.ts';
import { User } from '../../users/index.ts';
import { type AdminKit, expectAdminOnly, startAdminKit } from '../testing.ts';

const GOOD = 'kie_token_good_5555ffff';
const FAILING = 'kie_token_failing_6666gggg';

let kit: AdminKit;
let kie: FakeKieServer;

beforeAll(async () => {
  kie = await startFakeKieServer({ accounts: { [GOOD]: {}, [FAILING]: { mode: 'fail_tasks', failMsg: 'Content policy violation' } } });
  const base = loadConfig({ NODE_ENV: 'test' }).studio;
  kit = await startAdminKit({
    studio: { kie: { ...base.kie, baseUrl: kie.url }, allowPrivateFetchFor: [new URL(kie.url).host], sandboxDelayMs: 0 },
  });
});
afterAll(async () => {
  await kit?.close();
  await kie?.close();
});

const em = () => kit.server.orm.em.fork();
const balance = async (id: string) => (await em().findOneOrFail(User, { id })).credits;
const reload = (id: string) => em().findOneOrFail(ImageTask, { id });

/** Starts a task directly on the fake KIE (as if we had submitted it); returns KIE's task id. */
async function kieTask(token: string): Promise<string> {
  const response = await fetch(`${kie.url}/api/v1/jobs/createTask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'google/nano-banana', input: { prompt: 'a lighthouse', output_format: 'png', image_size: '1:1' } }),
  });
  const answer = (await response.json()) as { data: { taskId: string } };
  return answer.data.taskId;
}

async function account(name: string, token: string): Promise<string> {
  const fork = em();
  const api = fork.create(KieApi, { name, token, lastUsed: null });
  await fork.flush();
  return api.id;
}

describe('admin task routes: access', () => {
  it('are for admins only', async () => {
    const task = await kit.createTask((await kit.signedIn({ credits: 5 })).id);
    await expectAdminOnly(kit, 'GET', '/api/admin/failed-tasks');
    await expectAdminOnly(kit, 'POST', `/api/admin/refund/${task.taskId}`, {});
    await expectAdminOnly(kit, 'POST', '/api/admin/recheck-failed-videos', {});
    await expectAdminOnly(kit, 'DELETE', '/api/admin/delete-failed-videos');
    expect(await reload(task.id)).toMatchObject({ refunded: false, status: 'failed' });
  });
});

describe('GET /api/admin/failed-tasks', () => {
  it('lists failed tasks newest first with owner, reason and refund state, which a refund updates', async () => {
    const owner = await kit.signedIn({ username: `failed_${Date.now()}`, credits: 20 });
    const older = await kit.createTask(owner.id, {
      creditsUsed: 2,
      errorMessage: 'Provider timed out',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await kit.createTask(owner.id, { creditsUsed: 4, errorMessage: 'Content policy violation' });
    const done = await kit.createTask(owner.id, { status: 'completed' });

    const listed = async () => (await kit.asAdmin<FailedTaskList>('GET', '/api/admin/failed-tasks')).body;
    const first = await listed();
    const ids = first.data.map((task) => task.taskId);
    expect(ids.indexOf(newer.taskId)).toBeLessThan(ids.indexOf(older.taskId));
    expect(ids).not.toContain(done.taskId);
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.data.find((task) => task.taskId === newer.taskId)).toMatchObject({
      id: newer.id,
      userId: owner.id,
      username: owner.username,
      generationType: 'text_to_image',
      errorMessage: 'Content policy violation',
      creditsUsed: 4,
      refunded: false,
      refundedAt: null,
    });

    await kit.asAdmin('POST', `/api/admin/refund/${newer.taskId}`);
    const after = (await listed()).data.find((task) => task.taskId === newer.taskId);
    expect(after?.refunded).toBe(true);
    expect(Date.parse(after?.refundedAt ?? '')).not.toBeNaN();

    const one = await kit.asAdmin<FailedTaskList>('GET', '/api/admin/failed-tasks?limit=1');
    expect(one.body.data).toHaveLength(1);
    const bad = await kit.asAdmin<{ errors: Array<{ pointer: string }> }>('GET', '/api/admin/failed-tasks?limit=101');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error) => error.pointer)).toEqual(['/query/limit']);
  });
});

describe('POST /api/admin/refund/{taskId}', () => {
  it('refunds once: the second call answers amount 0 and the books stay exact', async () => {
    const owner = await kit.signedIn({ username: `refund_${Date.now()}`, credits: 10 });
    const task = await kit.createTask(owner.id, { creditsUsed: 3 });
    expect(await balance(owner.id)).toBe(7);

    const first = await kit.asAdmin<RefundResult>('POST', `/api/admin/refund/${task.taskId}`, { body: {} });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ amount: 3, message: `Refunded 3 credits to ${owner.username}` });
    const second = await kit.asAdmin<RefundResult>('POST', `/api/admin/refund/${task.id}`, { body: {} });
    expect(second.body).toMatchObject({ amount: 0, message: 'This task was already refunded' });

    expect(await balance(owner.id)).toBe(10);
    expect(await em().count(Transaction, { user: owner.id, type: 'refund' })).toBe(1);
    expect(await reload(task.id)).toMatchObject({ refunded: true });
    expect(await findLedgerMismatches(em())).toEqual([]);
  });

  it('racing refunds of one task return the credits once', async () => {
    const owner = await kit.signedIn({ credits: 4 });
    const task = await kit.createTask(owner.id, { creditsUsed: 4, status: 'completed' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => kit.asAdmin<RefundResult>('POST', `/api/admin/refund/${task.taskId}`)),
    );
    expect(answers.map((a) => a.body.amount).sort()).toEqual([0, 0, 0, 0, 0, 4]);
    expect(await balance(owner.id)).toBe(4);
    expect(await findLedgerMismatches(em())).toEqual([]);
  });

  it('answers 404 for an unknown task, 409 while it runs, amount 0 for a free task', async () => {
    expect((await kit.asAdmin('POST', '/api/admin/refund/tsk_unknownunknownunknown0')).status).toBe(404);
    const owner = await kit.signedIn({ credits: 5 });
    const running = await kit.createTask(owner.id, { status: 'generating' });
    const inFlight = await kit.asAdmin<{ code: string }>('POST', `/api/admin/refund/${running.taskId}`);
    expect(inFlight.status).toBe(409);
    expect(inFlight.body.code).toBe('task_in_progress');
    expect(await balance(owner.id)).toBe(3);
    const free = await kit.createTask(owner.id, { creditsUsed: 0 });
    expect((await kit.asAdmin<RefundResult>('POST', `/api/admin/refund/${free.taskId}`)).body.amount).toBe(0);
  });
});

describe('POST /api/admin/recheck-failed-videos', () => {
  it('recovers tasks that in fact finished (KIE via its account, and the sandbox), delivered free; true failures stay', async () => {
    const owner = await kit.signedIn({ credits: 10 });
    const goodAccount = await account('Good', GOOD);
    const failingAccount = await account('Failing', FAILING);

    const finishedOnKie = await kit.createTask(owner.id, { provider: 'kie', providerTaskId: await kieTask(GOOD), kieApi: goodAccount });
    await kit.asAdmin('POST', `/api/admin/refund/${finishedOnKie.taskId}`);
    const sandboxId = (
      await kit.server.studio.gateway.sandbox.submit({
        type: 'text_to_image',
        prompt: 'a kite',
        imageSize: '1:1',
        aspectRatio: '1:1',
        outputFormat: 'png',
      })
    ).providerTaskId;
    const finishedInSandbox = await kit.createTask(owner.id, { provider: 'sandbox', providerTaskId: sandboxId });
    const reallyFailed = await kit.createTask(owner.id, {
      provider: 'kie',
      providerTaskId: await kieTask(FAILING),
      kieApi: failingAccount,
    });
    const tooOld = await kit.createTask(owner.id, {
      provider: 'kie',
      providerTaskId: await kieTask(GOOD),
      kieApi: goodAccount,
      createdAt: new Date(Date.now() - 2 * 24 * 3600_000),
    });
    await kit.server.studio.gateway.sandbox.settle();
    const balanceBefore = await balance(owner.id);

    const res = await kit.asAdmin<RecheckResult>('POST', '/api/admin/recheck-failed-videos', { body: {} });
    expect(res.status).toBe(200);
    expect(res.body.recovered).toBe(2);
    expect(res.body.checked).toBeGreaterThanOrEqual(3);
    expect(res.body.message).toMatch(/recovered 2/);

    const recovered = await reload(finishedOnKie.id);
    expect(recovered).toMatchObject({ status: 'completed', errorMessage: null, refunded: true });
    expect(recovered.resultUrls).toEqual([kit.files.publicUrl(`results/${finishedOnKie.taskId}/0.png`)]);
    expect(await kit.files.exists(`results/${finishedOnKie.taskId}/0.png`)).toBe(true);
    expect((await reload(finishedInSandbox.id)).status).toBe('completed');
    expect((await reload(reallyFailed.id)).status).toBe('failed');
    expect((await reload(tooOld.id)).status).toBe('failed');

    // Ledger rule: the refund stands and nothing is charged again; the books stay exact.
    expect(await balance(owner.id)).toBe(balanceBefore);
    expect(await findLedgerMismatches(em())).toEqual([]);
  });
});

describe('DELETE /api/admin/delete-failed-videos', () => {
  it('deletes settled failed tasks with their files; keeps tasks still owed a refund and other statuses', async () => {
    const owner = await kit.signedIn({ credits: 20 });
    const settledFailed = await kit.createTask(owner.id);
    await kit.asAdmin('POST', `/api/admin/refund/${settledFailed.taskId}`);
    const key = `results/${settledFailed.taskId}/0.png`;
    await kit.files.put(key, new Uint8Array([137, 80, 78, 71]), 'image/png');
    await em().nativeUpdate(ImageTask, { id: settledFailed.id }, { resultUrls: [kit.files.publicUrl(key)] });
    const owed = await kit.createTask(owner.id);
    const completed = await kit.createTask(owner.id, { status: 'completed' });

    const res = await kit.asAdmin<{ deleted: number; message: string }>('DELETE', '/api/admin/delete-failed-videos');
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBeGreaterThanOrEqual(1);
    expect(res.body.message).toMatch(/^Deleted \d+ failed task/);
    expect(await em().count(ImageTask, { id: settledFailed.id })).toBe(0);
    expect(await kit.files.exists(key)).toBe(false);
    expect(await em().count(ImageTask, { id: owed.id })).toBe(1);
    expect(await em().count(ImageTask, { id: completed.id })).toBe(1);
    expect(await em().count(ImageTask, { status: 'failed', refunded: true })).toBe(0);
    expect(await findLedgerMismatches(em())).toEqual([]);
  });
});
