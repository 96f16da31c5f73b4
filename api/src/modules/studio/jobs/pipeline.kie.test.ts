import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';
import type { SubmitTaskInput } from '../tasks/submit.service.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { balanceOf, eventually, ledgerOf, openRuntime, type RuntimeHandle, reloadTask, settled, userWithCredits } from '../testing/kit.ts';

describe('pipeline on KIE (fake server)', () => {
  let db: StudioTestDatabase;
  let kie: FakeKieServer;
  let handle: RuntimeHandle;

  beforeAll(async () => {
    db = await openStudioTestDatabase();
    kie = await startFakeKieServer({
      accounts: {
        good: { taskDurationMs: 300 },
        broke: { mode: 'out_of_credits' },
        failing: { mode: 'fail_tasks', failMsg: 'Content policy violation' },
        busy: { mode: 'rate_limited_once' },
      },
    });
  });
  afterAll(async () => {
    await kie?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await db.orm.em.fork().nativeDelete(KieApi, {});
    handle = await openRuntime(db.orm, {
      studio: {
        kie: {
          baseUrl: kie.url,
          models: { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' },
        },
        allowPrivateFetchFor: [new URL(kie.url).host],
      },
    });
    await handle.runtime.start();
  });
  afterEach(() => handle.close());

  async function addAccount(name: string, token: string, extra: Partial<KieApi> = {}): Promise<string> {
    const em = db.orm.em.fork();
    const api = em.create(KieApi, { name, token, lastUsed: null, ...extra });
    await em.flush();
    return api.id;
  }

  const text = (userId: string): SubmitTaskInput => ({
    userId,
    kind: 'text_to_image',
    prompt: 'a red kite',
    inputImageUrls: [],
    aspectRatio: '1:1',
    createdVia: 'web',
    priceList: 'studio',
  });

  it('submits, polls until done, stores the result under our task id and books the account usage', async () => {
    const accountId = await addAccount('main', 'good');
    const user = await userWithCredits(db.orm, 10);
    const { task } = await handle.runtime.submit(db.orm.em.fork(), text(user.id));
    const done = await settled(db.orm, task.id);
    expect(done.status).toBe('completed');
    expect(done.provider).toBe('kie');
    expect(done.providerTaskId).toMatch(/^task_fake_/);
    expect(done.kieApi?.id).toBe(accountId);
    expect(done.resultUrls).toEqual([`http://studio.test/files/results/${task.taskId}/0.png`]);
    expect(await handle.runtime.storage.exists(`results/${task.taskId}/0.png`)).toBe(true);
    expect(done.thumbnailUrl).toBe(`http://studio.test/files/thumbs/results/${task.taskId}/0.webp`);
    const fakeTask = kie.tasks.get(done.providerTaskId ?? '');
    expect(fakeTask?.polls).toBeGreaterThanOrEqual(1);
    expect(fakeTask?.input).toMatchObject({ prompt: 'a red kite', output_format: 'png', image_size: '1:1' });
    const account = await db.orm.em.fork().findOneOrFail(KieApi, { id: accountId });
    expect(account).toMatchObject({ totalUsage: 500, totalCredits: 500 });
    expect(account.lastUsed).toBeInstanceOf(Date);
    expect(await balanceOf(db.orm, user.id)).toBe(8);
  });

  it('a task KIE reports as failed is failed with its message and refunded once', async () => {
    await addAccount('main', 'failing');
    const user = await userWithCredits(db.orm, 10);
    const { task } = await handle.runtime.submit(db.orm.em.fork(), text(user.id));
    const done = await settled(db.orm, task.id);
    expect(done).toMatchObject({ status: 'failed', refunded: true, errorMessage: 'Content policy violation' });
    expect((await ledgerOf(db.orm, user.id)).map((row) => row.type)).toEqual(['adjustment', 'usage', 'refund']);
    expect(await balanceOf(db.orm, user.id)).toBe(10);
  });

  it('fails over to the next account on 402 and takes the empty one out of rotation', async () => {
    const brokeId = await addAccount('empty', 'broke');
    const goodId = await addAccount('spare', 'good', { lastUsed: new Date(Date.now() - 60_000) });
    const user = await userWithCredits(db.orm, 10);
    const before = kie.createTaskRequests().length;
    const { task } = await handle.runtime.submit(db.orm.em.fork(), text(user.id));
    const done = await settled(db.orm, task.id);
    expect(done.status).toBe('completed');
    expect(done.kieApi?.id).toBe(goodId);
    const tried = kie
      .createTaskRequests()
      .slice(before)
      .map((request) => request.token);
    expect(tried).toEqual(['broke', 'good']);
    const em = db.orm.em.fork();
    expect((await em.findOneOrFail(KieApi, { id: brokeId })).totalCredits).toBe(0);
    expect((await em.findOneOrFail(KieApi, { id: goodId })).totalUsage).toBe(500);
  });

  it('retries a 429 on the same account and completes', async () => {
    await addAccount('busy', 'busy');
    const user = await userWithCredits(db.orm, 10);
    const before = kie.createTaskRequests('busy').length;
    const { task } = await handle.runtime.submit(db.orm.em.fork(), text(user.id));
    const done = await settled(db.orm, task.id);
    expect(done.status).toBe('completed');
    expect(kie.createTaskRequests('busy').length - before).toBe(2);
    expect(await balanceOf(db.orm, user.id)).toBe(8);
  });

  it('a callback makes the check happen at once, with the trusted state re-read from KIE', async () => {
    await addAccount('main', 'good');
    await handle.close();
    // Polling far in the future: only the callback path can finish the task quickly.
    handle = await openRuntime(db.orm, {
      studio: {
        kie: {
          baseUrl: kie.url,
          models: { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' },
        },
        allowPrivateFetchFor: [new URL(kie.url).host],
        pollMinMs: 120_000,
        pollMaxMs: 120_000,
      },
    });
    await handle.runtime.start();
    const user = await userWithCredits(db.orm, 10);
    const { task } = await handle.runtime.submit(db.orm.em.fork(), text(user.id));
    const generating = await eventually(async () => {
      const row = await reloadTask(db.orm, task.id);
      return row.status === 'generating' ? row : undefined;
    });
    await eventually(async () => kie.tasks.get(generating.providerTaskId ?? '')!.completeAt <= Date.now());
    await handle.runtime.onProviderCallback('kie', generating.providerTaskId ?? '');
    const done = await settled(db.orm, task.id);
    expect(done.status).toBe('completed');
    expect(await findLedgerMismatches(db.orm.em.fork())).toEqual([]);
    expect(await db.orm.em.fork().count(ImageTask, { id: task.id, refunded: true })).toBe(0);
  });
});
