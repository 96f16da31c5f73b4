// Sends automation callbacks: a small durable loop over `webhook_deliveries`. Rows are claimed with a
// lease (several processes may run it), sent once their task has ended, and retried with backoff.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { Orm } from '../../../db/orm.ts';
import { type Periodic, startPeriodic } from '../../../jobs/periodic.ts';
import type { FetchImageOptions } from '../../../net/fetch-image.ts';
import { GuardedFetchError, guardedFetch } from '../../../net/guarded-fetch.ts';
import { ImageTask } from '../../studio/index.ts';
import { ApiToken } from '../../tokens/api-token.entity.ts';
import { presentAutomationStatus } from '../status.presenter.ts';
import { signWebhook } from './signature.ts';

export interface DispatcherOptions {
  orm: Orm;
  logger: Logger;
  /** The studio's guarded-fetch options (the test-only private-address escape hatch). */
  fetchOptions: FetchImageOptions;
  pollMs: number;
  /** Waits before each retry; attempts = 1 + its length. */
  retryMs: number[];
}

const LEASE_MS = 60_000;
const BATCH = 10;
const SEND_TIMEOUT_MS = 10_000;

/** When each event has happened: the provider took the task (started), or the task ended that way. */
const EVENT_HAPPENED = `((d."event" = 'started' and t."status" <> 'pending') or (d."event" = t."status"))`;

/**
 * Marks `skipped` the deliveries whose event can no longer happen (a `completed` one for a failed task and the
 * other way round; `started` for a task that failed before any provider took it), then claims the due ones;
 * the lease keeps other dispatchers off them.
 */
async function claimDue(em: SqlEntityManager): Promise<string[]> {
  const now = new Date();
  await em.execute(
    `update "webhook_deliveries" d set "state" = 'skipped', "lease_until" = null from "image_tasks" t
      where t."id" = d."task_id" and d."state" = 'waiting' and d."attempt" = 0 and t."status" in ('completed', 'failed')
        and ((d."event" = 'completed' and t."status" = 'failed') or (d."event" = 'failed' and t."status" = 'completed')
          or (d."event" = 'started' and t."status" = 'failed' and t."provider_task_id" is null))`,
  );
  const rows = await em.execute<{ id: string }[]>(
    `update "webhook_deliveries" set "lease_until" = ? where "id" in (
       select d."id" from "webhook_deliveries" d join "image_tasks" t on t."id" = d."task_id"
        where d."state" = 'waiting' and d."next_attempt_at" <= ? and (d."lease_until" is null or d."lease_until" < ?)
          and ${EVENT_HAPPENED}
        order by d."next_attempt_at", (d."event" <> 'started') limit ${BATCH} for update of d skip locked)
     returning "id"`,
    [new Date(now.getTime() + LEASE_MS), now, now],
  );
  return rows.map((row) => row.id);
}

/** The callback loop of one process. */
export class CallbackDispatcher {
  readonly #options: DispatcherOptions;
  #loop: Periodic | undefined;

  constructor(options: DispatcherOptions) {
    this.#options = options;
  }

  /** Starts polling. */
  start(): void {
    this.#loop = startPeriodic('automation callbacks', this.#options.pollMs, this.#options.logger, () => this.runOnce());
  }

  /** Stops polling and waits for the batch in flight. */
  async stop(): Promise<void> {
    await this.#loop?.stop();
  }

  /** Sends every due delivery once; returns how many were attempted. */
  async runOnce(): Promise<number> {
    const ids = await claimDue(this.#options.orm.em.fork());
    for (const id of ids) await this.#attempt(id);
    return ids.length;
  }

  async #attempt(id: string): Promise<void> {
    const em = this.#options.orm.em.fork();
    const [row] = await em.execute<{ task_id: string; api_token_id: string; url: string; attempt: number; event: string }[]>(
      'select "task_id", "api_token_id", "url", "attempt", "event" from "webhook_deliveries" where "id" = ?',
      [id],
    );
    if (!row) return;
    const task = await em.findOne(ImageTask, { id: row.task_id });
    const token = await em.findOne(ApiToken, { id: row.api_token_id });
    if (!task || !token?.signingSecret) {
      await this.#record(em, id, row.attempt + 1, { state: 'failed', statusCode: null, error: 'The task or the token no longer exists.' });
      return;
    }
    const body = JSON.stringify(presentAutomationStatus(task));
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
      await this.#record(em, id, attempt, { state: 'delivered', statusCode, error: null, deliveredAt: new Date() });
      return;
    }
    const wait = this.#options.retryMs[attempt - 1];
    await this.#record(
      em,
      id,
      attempt,
      wait === undefined
        ? { state: 'failed', statusCode, error }
        : { state: 'waiting', statusCode, error, nextAttemptAt: new Date(Date.now() + wait) },
    );
  }

  async #record(
    em: SqlEntityManager,
    id: string,
    attempt: number,
    outcome: { state: string; statusCode: number | null; error: string | null; nextAttemptAt?: Date; deliveredAt?: Date },
  ): Promise<void> {
    await em.execute(
      `update "webhook_deliveries" set "state" = ?, "attempt" = ?, "status_code" = ?, "error" = ?, "lease_until" = null,
         "next_attempt_at" = coalesce(?, "next_attempt_at"), "delivered_at" = ? where "id" = ?`,
      [outcome.state, attempt, outcome.statusCode, outcome.error, outcome.nextAttemptAt ?? null, outcome.deliveredAt ?? null, id],
    );
  }
}
