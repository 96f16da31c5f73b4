import type { ImageTaskList, Problem, TaskSubmitted } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { AdminSettings } from '../../settings/index.ts';
import { balanceOf, eventually, ledgerOf, userWithCredits } from '../testing/kit.ts';

const HMAC_KEY = 'kie-webhook-hmac-key-for-tests';

describe('KIE end to end through the API (fake KIE)', () => {
  let kie: FakeKieServer;
  let server: TestServer;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    kie = await startFakeKieServer({
      hmacKey: HMAC_KEY,
      accounts: { main: { taskDurationMs: 200, credits: 1_000_000 }, failing: { mode: 'fail_tasks', failMsg: 'NSFW content detected' } },
    });
    server = await startTestServer({
      studio: {
        kie: {
          baseUrl: kie.url,
          models: { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' },
          webhookHmacKey: HMAC_KEY,
        },
        allowPrivateFetchFor: [new URL(kie.url).host],
        // Polls an hour apart: in these tests a task can only finish early through the callback.
        pollMinMs: 3_600_000,
        pollMaxMs: 3_600_000,
      },
    });
    await server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { callbackUrl: `${server.url}/api/kie/callback` });
    const user = await userWithCredits(server.orm, 30);
    userId = user.id;
    cookie = await signIn(server, user);
  });
  afterAll(async () => {
    await server?.close();
    await kie?.close();
  });
  beforeEach(() => server.orm.em.fork().nativeDelete(KieApi, {}));

  async function account(token: string) {
    const em = server.orm.em.fork();
    em.create(KieApi, { name: token, token, totalCredits: 1_000_000, lastUsed: null });
    await em.flush();
  }

  const taskOf = async (taskId: string) =>
    (await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=50&days=1', { cookie })).body.tasks.find(
      (t) => t.taskId === taskId,
    );

  it('completes through the signed callback, with the result re-read from KIE and stored by us', async () => {
    await account('main');
    const submitted = await server.request<TaskSubmitted>('POST', '/api/generate-image', { cookie, body: { prompt: 'a green bicycle' } });
    expect(submitted.status).toBe(202);
    const done = await eventually(async () => {
      const task = await taskOf(submitted.body.task.taskId);
      return task?.status === 'completed' ? task : undefined;
    });
    expect(done.resultUrls).toEqual([`${server.url}/files/results/${done.taskId}/0.png`]);
    const callback = kie.callbacks.find((c) => c.url === `${server.url}/api/kie/callback`);
    expect(callback?.outcome).toBe(200);
    expect((await fetch(done.resultUrls[0] ?? '')).status).toBe(200);
    // The callback was sent to the address from the settings.
    expect(kie.createTaskRequests('main').at(-1)?.body).toMatchObject({ callBackUrl: `${server.url}/api/kie/callback` });
  });

  it('refuses a callback with a bad or missing signature (401) and does not act on it', async () => {
    await account('main');
    const submitted = await server.request<TaskSubmitted>('POST', '/api/generate-image', { cookie, body: { prompt: 'unsigned' } });
    const providerTaskId = await eventually(async () => [...kie.tasks.values()].find((t) => t.input.prompt === 'unsigned')?.taskId);
    const forged = await server.request<Problem>('POST', '/api/kie/callback', {
      body: { code: 200, data: { taskId: providerTaskId, state: 'success' } },
      headers: { 'x-webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'x-webhook-signature': 'Zm9yZ2Vk' },
    });
    expect([forged.status, forged.body.code]).toEqual([401, 'invalid_signature']);
    const unsigned = await server.request<Problem>('POST', '/api/kie/callback', { body: { data: { taskId: providerTaskId } } });
    expect(unsigned.status).toBe(401);
    const stale = await kie.sendCallback(providerTaskId, { 'x-webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) });
    expect(stale.outcome).toBe(401);
    // The genuine callback still completes it.
    await eventually(async () => (await taskOf(submitted.body.task.taskId))?.status === 'completed');
  });

  it('acknowledges callbacks for unknown tasks and rejects bodies without a task id', async () => {
    const unknown = await server.request('POST', '/api/kie/callback', { body: { data: { taskId: 'task_nobody_knows' } } });
    // Unsigned: refused before anything is looked up.
    expect(unknown.status).toBe(401);
    const empty = await server.request<Problem>('POST', '/api/kie/callback', { body: { code: 200, data: {} } });
    expect(empty.status).toBe(400);
  });

  it('a task KIE fails is failed and refunded once, even when the callback is replayed', async () => {
    await account('failing');
    const before = await balanceOf(server.orm, userId);
    const submitted = await server.request<TaskSubmitted>('POST', '/api/generate-image', { cookie, body: { prompt: 'not allowed' } });
    const failed = await eventually(async () => {
      const task = await taskOf(submitted.body.task.taskId);
      return task?.status === 'failed' && task.refunded ? task : undefined;
    });
    expect(failed.errorMessage).toBe('NSFW content detected');
    const providerTaskId = [...kie.tasks.values()].find((t) => t.input.prompt === 'not allowed')?.taskId ?? '';
    for (let i = 0; i < 3; i++) expect((await kie.sendCallback(providerTaskId)).outcome).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balanceOf(server.orm, userId)).toBe(before);
    const refunds = (await ledgerOf(server.orm, userId)).filter((row) => row.business_key === `refund:${failed.taskId}`);
    expect(refunds).toHaveLength(1);
    expect(await findLedgerMismatches(server.orm.em.fork())).toEqual([]);
  });
});
