// The operator's Telegram channel, behind one small interface any module can use (purchases here; failed
// generations and low provider credits in admin/notifications). Each alert is a pg-boss job: sent in the
// transaction of the change that causes it when there is one (a refund, a settlement), retried by pg-boss
// when Telegram fails, and worked on by whichever process runs workers. Settings are read per message, so
// admin changes apply at once.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { Orm } from '../../../db/orm.ts';
import type { AppServices } from '../../../http/context.ts';
import type { Jobs } from '../../../jobs/boss.ts';
import { buildOperatorMessage, type OperatorEvent, sendTelegramMessage } from '../../../providers/telegram/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';

export type { OperatorEvent } from '../../../providers/telegram/index.ts';

export const OPERATOR_ALERT_QUEUE = 'operator-alert';

type Services = Pick<AppServices, 'orm' | 'config' | 'logger'>;

/** The alert queue of one app: its worker sends to Telegram with the admin settings. */
export class OperatorAlerts {
  readonly #jobs: Jobs;
  readonly #services: Services;

  constructor(jobs: Jobs, services: Services) {
    this.#jobs = jobs;
    this.#services = services;
  }

  /** Declares the queue and, where this process runs workers, sends the alerts. */
  async start(): Promise<void> {
    // Telegram down or rate limiting: tried again after about 5-10 s, 10-20 s, 20-40 s, 40-80 s, 80-160 s, then given up.
    await this.#jobs.define(OPERATOR_ALERT_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 });
    await this.#jobs.work<OperatorEvent>(OPERATOR_ALERT_QUEUE, { pollingIntervalSeconds: 1 }, (job) => this.deliver(job.data));
  }

  /** Queues an alert, in `em`'s transaction when it is in one. */
  async send(event: OperatorEvent, em?: SqlEntityManager): Promise<void> {
    await this.#jobs.send(OPERATOR_ALERT_QUEUE, event, {}, em);
  }

  /** Sends one alert; nothing while the bot token or chat id is empty. A failure throws, so pg-boss retries. */
  async deliver(event: OperatorEvent): Promise<void> {
    const settings = await new AdminSettingsRepository(this.#services.orm.em.fork()).get();
    const botToken = settings.telegramBotToken?.trim();
    const chatId = settings.telegramChatId?.trim();
    if (!botToken || !chatId) return;
    const baseUrl = this.#services.config.billing.telegramBaseUrl;
    try {
      await sendTelegramMessage({ botToken, chatId, text: buildOperatorMessage(event), ...(baseUrl && { baseUrl }) });
    } catch (error) {
      this.#services.logger.warn({ err: error, event: event.type }, 'telegram notification failed; pg-boss retries it');
      throw error;
    }
  }

  /** Resolves once no alert is queued, waiting for a retry or in hand (tests). */
  idle(timeoutMs?: number): Promise<void> {
    return this.#jobs.idle([OPERATOR_ALERT_QUEUE], timeoutMs);
  }
}

// One queue per app, found through its ORM's configuration, which every EntityManager of it shares (each test
// server has its own), so code holding only a transaction can queue an alert in it.
const alertsOf = new WeakMap<object, OperatorAlerts>();

/** Makes `alerts` the operator channel of the app on `orm` (server.ts, at start). */
export function useOperatorAlerts(orm: Orm, alerts: OperatorAlerts): void {
  alertsOf.set(orm.config, alerts);
}

/** The operator channel of this app (throws before the server registered one). */
export function operatorNotifier(services: Pick<Services, 'orm'>): OperatorAlerts {
  const alerts = alertsOf.get(services.orm.config);
  if (!alerts) throw new Error('operator alerts are not running for this database');
  return alerts;
}

/**
 * Queues an operator alert inside the transaction `tx` is in, so it exists exactly when the change does. An app
 * without the alert queue (a bare ORM in a unit test) queues nothing.
 */
export async function queueOperatorAlert(tx: SqlEntityManager, event: OperatorEvent): Promise<void> {
  await alertsOf.get(tx.config)?.send(event, tx);
}

/** Queues an operator alert outside any transaction. Never throws: a failure is logged, the caller goes on. */
export async function notifyOperator(services: Services, event: OperatorEvent): Promise<void> {
  try {
    await operatorNotifier(services).send(event);
  } catch (error) {
    (services.logger as Logger).warn({ err: error, event: event.type }, 'could not queue an operator alert');
  }
}
