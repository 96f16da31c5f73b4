// The operator's Telegram channel, behind one small interface any module can use (purchases here; failed
// generations and low provider credits elsewhere). Settings are read per message, so admin changes apply at once.
import type { Orm } from '../../../db/orm.ts';
import type { AppServices } from '../../../http/context.ts';
import { createNotifier, type Notifier, type OperatorEvent } from '../../../providers/telegram/index.ts';
import { AdminSettingsRepository } from '../../settings/admin-settings.repository.ts';

export type { OperatorEvent } from '../../../providers/telegram/index.ts';

/** Fire-and-forget: `notify` returns at once and never throws; `idle` waits for the queue (tests, shutdown). */
export type OperatorNotifier = Pick<Notifier, 'notify' | 'idle' | 'stats'>;

// One queue per ORM, i.e. per running app (each test server gets its own).
const notifiers = new WeakMap<Orm, Notifier>();

/**
 * The operator notifier of this app: Telegram with the bot token and chat id from the admin settings (nothing is
 * sent while either is empty), the host from `TELEGRAM_BASE_URL` when set. A Telegram failure is logged, never thrown.
 */
export function operatorNotifier(services: Pick<AppServices, 'orm' | 'config' | 'logger'>): OperatorNotifier {
  const existing = notifiers.get(services.orm);
  if (existing) return existing;
  const baseUrl = services.config.billing.telegramBaseUrl;
  const notifier = createNotifier({
    logger: services.logger,
    getSettings: async () => {
      const settings = await new AdminSettingsRepository(services.orm.em.fork()).get();
      const botToken = settings.telegramBotToken?.trim();
      const chatId = settings.telegramChatId?.trim();
      if (!botToken || !chatId) return null;
      return { botToken, chatId, ...(baseUrl && { baseUrl }) };
    },
  });
  notifiers.set(services.orm, notifier);
  return notifier;
}

/** Queues an operator event; a convenience for callers holding `ctx.services`. */
export function notifyOperator(services: Pick<AppServices, 'orm' | 'config' | 'logger'>, event: OperatorEvent): void {
  operatorNotifier(services).notify(event);
}
