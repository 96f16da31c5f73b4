import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../test/fakes/telegram-server.ts';
import type { OperatorEvent } from './messages.ts';
import { createNotifier, type NotifierSettings } from './notifier.ts';

let tg: FakeTelegram;
beforeAll(async () => {
  tg = await startFakeTelegram();
});
afterAll(() => tg.close());

const lowCredits: OperatorEvent = { type: 'provider.low_credits', accountName: 'main', remainingCredits: 100, threshold: 400 };
const failed = (taskId: string): OperatorEvent => ({
  type: 'generation.failed',
  username: '<b>ann</b>',
  taskId,
  operation: 'edit',
  error: 'x',
});

function logCollector() {
  const entries: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  return { entries, logger: { warn: (obj: Record<string, unknown>, msg: string) => void entries.push({ obj, msg }) } };
}

describe('createNotifier', () => {
  it('sends queued events in order through the real adapter, after notify() returned', async () => {
    const settings: NotifierSettings = { botToken: tg.botToken, chatId: tg.chatId, baseUrl: tg.url };
    const notifier = createNotifier({ getSettings: () => settings });
    const before = tg.messages.length;
    notifier.notify(failed('t-1'));
    notifier.notify(failed('t-2'));
    expect(tg.messages.length).toBe(before); // nothing was sent synchronously
    await notifier.idle();
    const sent = tg.messages.slice(before).map((m) => m.plainText);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('Task: t-1');
    expect(sent[0]).toContain('User: <b>ann</b>'); // user HTML shown literally, not interpreted
    expect(sent[1]).toContain('Task: t-2');
    expect(notifier.stats()).toMatchObject({ sent: 2, failed: 0, queued: 0 });
  });

  it('does not block the caller even when sending hangs', async () => {
    let release: () => void = () => undefined;
    const hanging = new Promise<void>((r) => {
      release = r;
    });
    let sends = 0;
    const notifier = createNotifier({
      getSettings: () => ({ botToken: 't', chatId: 1 }),
      send: () => {
        sends++;
        return hanging;
      },
    });
    const returned = notifier.notify(lowCredits);
    expect(returned).toBeUndefined(); // not a promise the caller could end up awaiting
    expect(sends).toBe(0); // no work happens inside notify()
    await new Promise((r) => setTimeout(r, 20));
    expect(sends).toBe(1); // first send is in flight and hangs
    notifier.notify(lowCredits); // still returns at once
    expect(notifier.stats().queued).toBe(1);
    release();
    await notifier.idle();
    expect(notifier.stats()).toMatchObject({ sent: 2, queued: 0 });
  });

  it('never throws: failures from Telegram, send, getSettings and the logger are swallowed and logged', async () => {
    const { entries, logger } = logCollector();
    tg.failNext({ status: 401 });
    const viaTelegram = createNotifier({ getSettings: () => ({ botToken: tg.botToken, chatId: tg.chatId, baseUrl: tg.url }), logger });
    expect(() => viaTelegram.notify(lowCredits)).not.toThrow();
    await viaTelegram.idle();
    expect(entries[0]?.obj).toMatchObject({ errorCode: 401, description: 'Unauthorized', event: 'provider.low_credits' });

    const throwingSend = createNotifier({
      getSettings: () => ({ botToken: 't', chatId: 1 }),
      send: () => {
        throw new Error('sync boom');
      },
      logger,
    });
    expect(() => throwingSend.notify(lowCredits)).not.toThrow();
    await throwingSend.idle();
    expect(entries.at(-1)?.obj.err).toContain('sync boom');

    const badSettings = createNotifier({
      getSettings: async () => {
        throw new Error('db down');
      },
      logger: {
        warn: () => {
          throw new Error('logger broken too');
        },
      },
    });
    expect(() => badSettings.notify(lowCredits)).not.toThrow();
    await badSettings.idle();
    expect(badSettings.stats().failed).toBe(1);

    // A malformed event (e.g. from untyped code) still does not escape as an exception.
    const malformed = createNotifier({ getSettings: () => ({ botToken: 't', chatId: 1 }), send: async () => undefined, logger });
    expect(() => malformed.notify({ type: 'purchase.completed' } as unknown as OperatorEvent)).not.toThrow();
    await malformed.idle();
    expect(malformed.stats().failed).toBe(1);
  });

  it('skips events while notifications are not configured', async () => {
    let calls = 0;
    const notifier = createNotifier({
      getSettings: () => null,
      send: async () => {
        calls++;
      },
    });
    notifier.notify(lowCredits);
    await notifier.idle();
    expect(calls).toBe(0);
    expect(notifier.stats().skipped).toBe(1);
  });

  it('retries once after a 429 retry_after, then gives up', async () => {
    const slept: number[] = [];
    const settings = { botToken: tg.botToken, chatId: tg.chatId, baseUrl: tg.url };
    const notifier = createNotifier({ getSettings: () => settings, sleep: async (ms) => void slept.push(ms) });
    const before = tg.messages.length;
    tg.failNext({ status: 429, retryAfter: 3 });
    notifier.notify(lowCredits);
    await notifier.idle();
    expect(slept).toEqual([3000]);
    expect(tg.messages.length).toBe(before + 1);

    tg.failNext({ status: 429, retryAfter: 1 }, 2);
    notifier.notify(lowCredits);
    await notifier.idle();
    expect(tg.messages.length).toBe(before + 1);
    expect(notifier.stats()).toMatchObject({ sent: 1, failed: 1 });
  });

  it('bounds the queue by dropping the oldest events', async () => {
    const sent: string[] = [];
    const { entries, logger } = logCollector();
    const notifier = createNotifier({
      getSettings: () => ({ botToken: 't', chatId: 1 }),
      send: async (m) => void sent.push(m.text),
      maxQueue: 3,
      logger,
    });
    for (let n = 1; n <= 5; n++) notifier.notify(failed(`t-${n}`));
    await notifier.idle();
    expect(sent).toHaveLength(3);
    expect(sent[0]).toContain('t-3');
    expect(sent[2]).toContain('t-5');
    expect(notifier.stats().dropped).toBe(2);
    expect(entries.filter((e) => e.msg.includes('queue full'))).toHaveLength(2);
  });
});
