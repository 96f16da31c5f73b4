// Sends automation callbacks as pg-boss jobs. A delivery's job is sent in the transaction of the task
// transition that makes its event happen (started, completed, failed), so it exists exactly when the event
// does; each failed attempt sends the next one after today's schedule (`retryMs`: 10 s, 1 min, 5 min,
// 30 min, 2 h), and the last failure is recorded on the row. The `stately` policy keyed by delivery id keeps
// one attempt queued per delivery.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { Orm } from '../../../db/orm.ts';
import type { FetchImageOptions } from '../../../images/fetch-image.ts';
import type { Jobs } from '../../../jobs/boss.ts';
import { GuardedFetchError, guardedFetch } from '../../../net/guarded-fetch.ts';
import type { BalanceCrossing } from '../../ledger/index.ts';
import type { TaskTransition } from '../../studio/index.ts';
import { ImageTask } from '../../studio/index.ts';
import { ApiToken } from '../../tokens/index.ts';
import { recordBalanceLow } from '../balance-alert/balance-alert.repository.ts';
import { presentAutomationStatus } from '../status.presenter.ts';
import {
  findDeliveryForAttempt,
  findStrandedDeliveries,
  findUntriedDeliveries,
  recordDeliveryAttempt,
  skipImpossibleDeliveries,
  startNotYetTried,
} from './deliveries.repository.ts';
import { signWebhook } from './signature.ts';

export const CALLBACK_QUEUE = 'automation-callback';
export const STRANDED_CALLBACKS_SCHEDULE = 'sweep-stranded-callbacks';

export interface CallbackDeliveriesOptions {
  orm: Orm;
  logger: Logger;
  /** The studio's guarded-fetch options with the operator's allowed networks. */
  fetchOptions: FetchImageOptions;
  /** Waits before each retry; attempts = 1 + its length. */
  retryMs: number[];
}

const SEND_TIMEOUT_MS = 10_000;
/** How soon an end event looks again while the task's `started` event is still on its way. */
const IN_ORDER_WAIT_MS = 200;

export class CallbackDeliveries {
  readonly #jobs: Jobs;
  readonly #options: CallbackDeliveriesOptions;

  constructor(jobs: Jobs, options: CallbackDeliveriesOptions) {
    this.#jobs = jobs;
    this.#options = options;
  }

  /** Declares the queue (before any task transition can send to it). */
  async define(): Promise<void> {
    // An unexpected error (the database) is retried by pg-boss; the receiver's failures follow `retryMs`.
    await this.#jobs.define(CALLBACK_QUEUE, { policy: 'stately', notify: true, expireInSeconds: 60, retryLimit: 3, retryDelay: 5 });
  }

  /** Declares the queue and, where this process runs workers, sends deliveries; re-sends stranded ones. */
  async start(): Promise<void> {
    await this.define();
    await this.#jobs.work<{ id: string }>(CALLBACK_QUEUE, { pollingIntervalSeconds: 0.5, localConcurrency: 2 }, (job) =>
      this.attempt(job.data.id),
    );
    await this.#jobs.every(STRANDED_CALLBACKS_SCHEDULE, '*/5 * * * *', () => this.resendStranded(this.#options.orm.em.fork()));
  }

  /** Queues one attempt of a delivery in `delayMs`, in `em`'s transaction. */
  async send(em: SqlEntityManager, id: string, delayMs = 0): Promise<void> {
    await this.#jobs.send(CALLBACK_QUEUE, { id }, { singletonKey: id, startAfter: new Date(Date.now() + delayMs) }, em);
  }

  /**
   * Follows a task transition inside its transaction: deliveries whose event can no longer happen are marked
   * `skipped` (a `completed` one for a failed task and the other way round; `started` for a task that failed
   * before any provider took it), and those of the event that just happened are queued.
   */
  readonly afterTransition = async (tx: SqlEntityManager, { id, event }: TaskTransition): Promise<void> => {
    if (event !== 'started') {
      await skipImpossibleDeliveries(tx, id);
    }
    const due = await findUntriedDeliveries(tx, id, event);
    for (const row of due) await this.send(tx, row.id);
  };

  /**
   * Queues the waiting deliveries whose event has happened but that have no job (rows from before the jobs,
   * or a job lost to a bug). Returns how many.
   */
  async resendStranded(em: SqlEntityManager): Promise<number> {
    const rows = await findStrandedDeliveries(em, CALLBACK_QUEUE);
    for (const row of rows) await this.send(em, row.id);
    return rows.length;
  }

  /** A task event's body is the task's status now; an account event's was fixed when it happened. Null: the task is gone. */
  async #bodyOf(em: SqlEntityManager, row: { task_id: string | null; payload: unknown }): Promise<string | null> {
    if (row.task_id === null) return JSON.stringify(row.payload);
    const task = await em.findOne(ImageTask, { id: row.task_id });
    return task ? JSON.stringify(presentAutomationStatus(task)) : null;
  }

  /**
   * Follows a ledger entry that took the balance below the user's threshold, inside its transaction: with an alert
   * callback set, records one `balance.low` delivery (its id is the ledger transaction's, so it exists once) and
   * queues it.
   */
  readonly afterBalanceLow = async (tx: SqlEntityManager, crossing: BalanceCrossing): Promise<void> => {
    if (await recordBalanceLow(tx, crossing)) await this.send(tx, crossing.transactionId);
  };

  /** One attempt of a delivery: signs and POSTs the task's status (or the account event), records the outcome, queues the retry. */
  async attempt(id: string): Promise<void> {
    const em = this.#options.orm.em.fork();
    const row = await findDeliveryForAttempt(em, id);
    if (row?.state !== 'waiting') return;
    // Both events of a fast task are queued together; the end event's first attempt waits for the start's.
    if (row.task_id !== null && row.event !== 'started' && row.attempt === 0 && (await startNotYetTried(em, { id, ...row }))) {
      await this.send(em, id, IN_ORDER_WAIT_MS);
      return;
    }
    const body = await this.#bodyOf(em, row);
    const token = await em.findOne(ApiToken, { id: row.api_token_id });
    if (body === null || !token?.signingSecret) {
      await recordDeliveryAttempt(em, id, row.attempt + 1, {
        state: 'failed',
        statusCode: null,
        error: 'The task or the token no longer exists.',
      });
      return;
    }
    const headers = {
      'content-type': 'application/json',
      // Which moment this is (the body is the task's status now, which may already be further along).
      'webhook-event': row.event,
      ...signWebhook(token.signingSecret, id, Math.floor(Date.now() / 1000), body),
    };
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await guardedFetch(row.url, {
        ...this.#options.fetchOptions,
        method: 'POST',
        body,
        headers,
        timeoutMs: SEND_TIMEOUT_MS,
        maxBytes: 64 * 1024,
      });
      statusCode = response.status;
      if (statusCode < 200 || statusCode > 299) error = `The receiver answered ${statusCode}.`;
    } catch (cause) {
      if (!(cause instanceof GuardedFetchError)) throw cause;
      statusCode = cause.status ?? null;
      error = cause.message;
    }
    const attempt = row.attempt + 1;
    if (!error) {
      await recordDeliveryAttempt(em, id, attempt, { state: 'delivered', statusCode, error: null, deliveredAt: new Date() });
      return;
    }
    const wait = this.#options.retryMs[attempt - 1];
    if (wait === undefined) {
      this.#options.logger.warn({ delivery: id, statusCode, error }, 'automation callback failed for good');
      await recordDeliveryAttempt(em, id, attempt, { state: 'failed', statusCode, error });
      return;
    }
    await em.transactional(async (tx) => {
      await recordDeliveryAttempt(tx, id, attempt, { state: 'waiting', statusCode, error, nextAttemptAt: new Date(Date.now() + wait) });
      await this.send(tx, id, wait);
    });
  }
}
