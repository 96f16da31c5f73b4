import { sendTelegramMessage, TelegramApiError } from './client.ts';
import { buildOperatorMessage, type OperatorEvent } from './messages.ts';

/** Current bot settings, or null when notifications are off or not configured. */
export type NotifierSettings = { botToken: string; chatId: string | number; baseUrl?: string } | null;

export type NotifierSend = (message: { botToken: string; chatId: string | number; text: string; baseUrl?: string }) => Promise<unknown>;

/** Pino-compatible subset. */
export type NotifierLogger = { warn: (obj: Record<string, unknown>, msg: string) => void };

export type NotifierOptions = {
  /** Read on every message, so settings changed in the admin area apply without a restart. */
  getSettings: () => NotifierSettings | Promise<NotifierSettings>;
  /** Defaults to `sendTelegramMessage`. */
  send?: NotifierSend;
  logger?: NotifierLogger;
  /** Events waiting beyond this are dropped, oldest first; default 100. */
  maxQueue?: number;
  /** On 429, wait `retry_after` and retry once when it is at most this many seconds; default 30. */
  maxRetryAfterSec?: number;
  sleep?: (ms: number) => Promise<void>;
};

export type Notifier = {
  /** Queues an event and returns at once. Never throws, never waits for Telegram. */
  notify(event: OperatorEvent): void;
  /** Resolves when the queue is empty and nothing is in flight (tests, graceful shutdown). */
  idle(): Promise<void>;
  stats(): { queued: number; sent: number; failed: number; dropped: number; skipped: number };
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fire-and-forget operator notifier with a bounded in-memory queue, sending one message at a time. */
export function createNotifier(options: NotifierOptions): Notifier {
  const send: NotifierSend = options.send ?? ((m) => sendTelegramMessage(m));
  const maxQueue = Math.max(1, options.maxQueue ?? 100);
  const maxRetryAfterSec = options.maxRetryAfterSec ?? 30;
  const sleep = options.sleep ?? defaultSleep;
  const queue: OperatorEvent[] = [];
  const counts = { sent: 0, failed: 0, dropped: 0, skipped: 0 };
  let running: Promise<void> | undefined;

  const warn = (obj: Record<string, unknown>, msg: string) => {
    try {
      options.logger?.warn(obj, msg);
    } catch {
      // a broken logger must not break the caller either
    }
  };

  const deliver = async (event: OperatorEvent) => {
    let settings: NotifierSettings;
    try {
      settings = await options.getSettings();
    } catch (err) {
      counts.failed++;
      return warn({ err: String(err), event: event.type }, 'telegram notifier: reading settings failed');
    }
    if (!settings?.botToken || settings.chatId === '' || settings.chatId == null) {
      counts.skipped++;
      return;
    }
    const message = {
      botToken: settings.botToken,
      chatId: settings.chatId,
      text: buildOperatorMessage(event),
      ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await send(message);
        counts.sent++;
        return;
      } catch (err) {
        const retryAfter = err instanceof TelegramApiError ? err.retryAfter : undefined;
        if (attempt === 1 && retryAfter !== undefined && retryAfter <= maxRetryAfterSec) {
          await sleep(retryAfter * 1000);
          continue;
        }
        counts.failed++;
        const detail =
          err instanceof TelegramApiError
            ? { errorCode: err.errorCode, description: err.description, retryAfter: err.retryAfter }
            : { err: String(err) };
        return warn({ ...detail, event: event.type }, 'telegram notification failed');
      }
    }
  };

  const drain = async () => {
    // Start on a later tick so notify() returns before any work (including getSettings) begins.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let event = queue.shift(); event; event = queue.shift()) {
      try {
        await deliver(event);
      } catch (err) {
        counts.failed++;
        warn({ err: String(err) }, 'telegram notifier: unexpected failure');
      }
    }
    running = undefined;
  };

  return {
    notify(event) {
      try {
        if (queue.length >= maxQueue) {
          queue.shift();
          counts.dropped++;
          warn({ maxQueue }, 'telegram notifier queue full; dropped the oldest event');
        }
        queue.push(event);
        running ??= drain();
      } catch (err) {
        warn({ err: String(err) }, 'telegram notifier: could not queue event');
      }
    },
    async idle() {
      while (running) await running;
    },
    stats: () => ({ queued: queue.length, ...counts }),
  };
}
