import type { TaskSubmitted } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { type FakeTelegram, startFakeTelegram } from '../../../../test/fakes/telegram-server.ts';
import { loadConfig } from '../../../config.ts';
import { OPERATOR_ALERT_QUEUE } from '../../billing/index.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { failTask, ImageTask } from '../../studio/index.ts';
import { User } from '../../users/index.ts';
import { type AdminKit, type SignedIn, startAdminKit } from '../testing.ts';

let kit: AdminKit;
let tg: FakeTelegram;
let kie: FakeKieServer;
let alice: SignedIn;

const KIE_TOKEN = 'kie_token_alerts_8888iiii';

beforeAll(async () => {
  tg = await startFakeTelegram();
  kie = await startFakeKieServer({ accounts: { [KIE_TOKEN]: {} } });
  const base = loadConfig({ NODE_ENV: 'test' }).studio;
  kit = await startAdminKit({
    studio: {
      sandboxDelayMs: 0,
      pollMinMs: 50,
      pollMaxMs: 200,
      kie: { ...base.kie, baseUrl: kie.url },
      allowPrivateFetchFor: [new URL(kie.url).host],
    },
    config: { billing: { telegramBaseUrl: tg.url } },
  });
  kit.secrets.add(tg.botToken);
  await kit.asAdmin('PUT', '/api/admin/settings/telegram', { body: { telegramBotToken: tg.botToken, telegramChatId: tg.chatId } });
  alice = await kit.signedIn({ username: 'alice<b>&co', credits: 100 });
});
afterAll(async () => {
  await kit?.close();
  await tg?.close();
  await kie?.close();
});

const em = () => kit.server.orm.em.fork();

async function generate(prompt: string): Promise<string> {
  const res = await kit.server.request<TaskSubmitted>('POST', '/api/generate-image', { cookie: alice.cookie, body: { prompt } });
  expect(res.status).toBe(202);
  return res.body.task.id;
}

async function settled(id: string): Promise<ImageTask> {
  const until = Date.now() + 30_000;
  for (;;) {
    const task = await em().findOneOrFail(ImageTask, { id });
    if (task.status === 'completed' || task.status === 'failed') return task;
    if (Date.now() > until) throw new Error(`task ${id} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('operator alerts', () => {
  it("a failed generation reaches Telegram with the user's text escaped (shown literally)", async () => {
    const prompt = '<i>sneaky</i> & "quoted" [sandbox:fail]';
    const id = await generate(prompt);
    const task = await settled(id);
    expect(task).toMatchObject({ status: 'failed', refunded: true });
    await kit.notifier().idle();
    const message = tg.messages.find((m) => m.plainText.includes(task.taskId));
    expect(message?.plainText).toContain('Generation failed');
    expect(message?.plainText).toContain('User: alice<b>&co');
    expect(message?.plainText).toContain(`Prompt: ${prompt}`);
    expect(message?.text).not.toContain('<i>sneaky');
  });

  it('a failing Telegram never breaks the action: the task still fails and is refunded, the alert is retried', async () => {
    tg.failNext({ status: 500 });
    const before = (await em().findOneOrFail(User, { id: alice.id })).credits;
    const id = await generate('broken telegram [sandbox:fail]');
    const task = await settled(id);
    expect(task).toMatchObject({ status: 'failed', refunded: true });
    expect((await em().findOneOrFail(User, { id: alice.id })).credits).toBe(before);
    // The alert was refused once and pg-boss sent it again.
    await kit.notifier().idle(60_000);
    expect(tg.messages.filter((m) => m.plainText.includes(task.taskId))).toHaveLength(1);
    const [job] = (await kit.server.studio.jobs.boss.findJobs<{ taskId?: string }>(OPERATOR_ALERT_QUEUE)).filter(
      (alert) => alert.data.taskId === task.taskId,
    );
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
    expect((await kit.asAdmin('GET', '/api/admin/settings')).status).toBe(200);
    expect(await findLedgerMismatches(em())).toEqual([]);
  });

  it("a failed generation's alert is written by the refund's transaction: rolled back, there is none", async () => {
    const task = await kit.createTask(alice.id, { status: 'generating' });
    const alertsFor = async () =>
      (await kit.server.studio.jobs.boss.findJobs<{ taskId?: string }>(OPERATOR_ALERT_QUEUE)).filter(
        (job) => job.data.taskId === task.taskId,
      );
    await expect(
      em().transactional(async (tx) => {
        await failTask(tx, task.id, 'rolled back', kit.server.studio.work.afterTransition);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await alertsFor()).toEqual([]);
    await failTask(em(), task.id, 'given up', kit.server.studio.work.afterTransition);
    expect(await alertsFor()).toHaveLength(1);
    await kit.notifier().idle();
    expect(tg.messages.filter((m) => m.plainText.includes(task.taskId))).toHaveLength(1);
  });

  it('a KIE account dropping below 400 credits after a task alerts once', async () => {
    const fork = em();
    fork.create(KieApi, { name: 'Alerting <main>', token: KIE_TOKEN, totalCredits: 600, nanoBananaCredits: 150, lastUsed: null });
    await fork.flush();
    kit.secrets.add(KIE_TOKEN);
    const lowAlerts = () => tg.messages.filter((m) => m.plainText.includes('low on credits'));

    await settled(await generate('first, 600 -> 450'));
    await settled(await generate('second, 450 -> 300'));
    await settled(await generate('third, 300 -> 150'));
    await kit.notifier().idle();
    const account = await em().findOneOrFail(KieApi, { name: 'Alerting <main>' });
    expect(account.totalCredits).toBe(150);
    expect(lowAlerts()).toHaveLength(1);
    expect(lowAlerts()[0]?.plainText).toContain('Account: Alerting <main>');
    expect(lowAlerts()[0]?.plainText).toContain('Remaining: 300');
  });
});
