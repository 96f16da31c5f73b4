// Queries over callback deliveries: recording them, the jobs' reads and writes, the user's recent ones and sending one again.
import type { WebhookDeliveryItem } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { isoTime } from '../../../db/iso-time.ts';

interface DeliveryRow {
  id: string;
  task_id: string | null;
  event: WebhookDeliveryItem['event'];
  url: string;
  token_name: string;
  state: WebhookDeliveryItem['state'];
  attempt: number;
  status_code: number | null;
  error: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
}

const SELECT = `select d."id", t."task_id", d."event", d."url", k."name" as "token_name", d."state", d."attempt", d."status_code",
    d."error", d."created_at", d."delivered_at"
  from "webhook_deliveries" d left join "image_tasks" t on t."id" = d."task_id" join "api_tokens" k on k."id" = d."api_token_id"`;

function present(row: DeliveryRow): WebhookDeliveryItem {
  return {
    id: row.id,
    taskId: row.task_id,
    event: row.event,
    url: row.url,
    tokenName: row.token_name,
    state: row.state,
    attempts: row.attempt,
    responseCode: row.status_code,
    error: row.error,
    createdAt: isoTime(row.created_at),
    deliveredAt: row.delivered_at === null ? null : isoTime(row.delivered_at),
  };
}

/** The user's 50 newest deliveries (through their tokens), newest first. */
export async function listDeliveries(em: SqlEntityManager, userId: string): Promise<WebhookDeliveryItem[]> {
  const rows = await em.execute<DeliveryRow[]>(`${SELECT} where k."user_id" = ? order by d."created_at" desc, d."id" limit 50`, [userId]);
  return rows.map(present);
}

export type RedeliverOutcome = { kind: 'queued'; delivery: WebhookDeliveryItem } | { kind: 'not_found' } | { kind: 'waiting' };

/**
 * Queues one more attempt (same id, so receivers dedupe) of a delivery that is no longer waiting: the attempt
 * count starts over so the usual retries follow, and `send` queues its job in the same transaction. Another
 * user's delivery is `not_found`.
 */
export async function redeliver(
  em: SqlEntityManager,
  userId: string,
  id: string,
  send: (tx: SqlEntityManager, id: string) => Promise<void>,
): Promise<RedeliverOutcome> {
  const updated = await em.transactional(async (tx) => {
    const rows = await tx.execute<{ id: string }[]>(
      `update "webhook_deliveries" d set "state" = 'waiting', "attempt" = 0, "next_attempt_at" = ?, "error" = null
        from "api_tokens" k where k."id" = d."api_token_id" and k."user_id" = ? and d."id" = ? and d."state" <> 'waiting'
        returning d."id"`,
      [new Date(), userId, id],
    );
    if (rows.length) await send(tx, id);
    return rows;
  });
  const [row] = await em.execute<DeliveryRow[]>(`${SELECT} where k."user_id" = ? and d."id" = ?`, [userId, id]);
  if (!row) return { kind: 'not_found' };
  if (!updated.length) return { kind: 'waiting' };
  return { kind: 'queued', delivery: present(row) };
}

/** Records one waiting delivery of a task's event, to be queued when the event happens. */
export async function insertDelivery(
  em: SqlEntityManager,
  delivery: { taskId: string; apiTokenId: string; url: string; event: string },
): Promise<void> {
  await em.execute(
    `insert into "webhook_deliveries" ("id", "task_id", "api_token_id", "url", "event", "state", "attempt", "next_attempt_at", "created_at")
     values (?, ?, ?, ?, ?, 'waiting', 0, ?, ?)`,
    [crypto.randomUUID(), delivery.taskId, delivery.apiTokenId, delivery.url, delivery.event, new Date(), new Date()],
  );
}

/**
 * Marks `skipped` the task's untried waiting deliveries whose event can no longer happen: `completed` for a failed
 * task and the other way round, `started` for a task that failed before any provider took it.
 */
export async function skipImpossibleDeliveries(tx: SqlEntityManager, taskId: string): Promise<void> {
  await tx.execute(
    `update "webhook_deliveries" d set "state" = 'skipped' from "image_tasks" t
      where t."id" = d."task_id" and d."task_id" = ? and d."state" = 'waiting' and d."attempt" = 0
        and ((d."event" = 'completed' and t."status" = 'failed') or (d."event" = 'failed' and t."status" = 'completed')
          or (d."event" = 'started' and t."status" = 'failed' and t."provider_task_id" is null))`,
    [taskId],
  );
}

/** Ids of the task's untried waiting deliveries of this event. */
export function findUntriedDeliveries(
  tx: SqlEntityManager,
  taskId: string,
  event: WebhookDeliveryItem['event'],
): Promise<{ id: string }[]> {
  return tx.execute<{ id: string }[]>(
    `select "id" from "webhook_deliveries" where "task_id" = ? and "event" = ? and "state" = 'waiting' and "attempt" = 0`,
    [taskId, event],
  );
}

/** When each event has happened: the provider took the task (started), or the task ended that way; an account event when recorded. */
const EVENT_HAPPENED = `(d."task_id" is null or (d."event" = 'started' and t."status" <> 'pending') or (d."event" = t."status"))`;

/** Up to 500 waiting deliveries, overdue by a minute, whose event has happened but that have no live job in `queue`. */
export function findStrandedDeliveries(
  em: SqlEntityManager,
  queue: string,
): Promise<{ id: string; task_id: string | null; event: WebhookDeliveryItem['event'] }[]> {
  return em.execute<{ id: string; task_id: string | null; event: WebhookDeliveryItem['event'] }[]>(
    `select d."id", d."task_id", d."event" from "webhook_deliveries" d left join "image_tasks" t on t."id" = d."task_id"
      where d."state" = 'waiting' and d."next_attempt_at" < now() - interval '1 minute' and ${EVENT_HAPPENED}
        and not exists (select 1 from "pgboss"."job" j
                         where j."name" = ? and j."singleton_key" = d."id"::text and j."state" in ('created', 'retry', 'active'))
      limit 500`,
    [queue],
  );
}

interface DeliveryForAttempt {
  task_id: string | null;
  api_token_id: string;
  url: string;
  attempt: number;
  event: string;
  state: string;
  payload: unknown;
}

/** What one attempt of a delivery needs to know. */
export async function findDeliveryForAttempt(em: SqlEntityManager, id: string): Promise<DeliveryForAttempt | undefined> {
  const [row] = await em.execute<DeliveryForAttempt[]>(
    'select "task_id", "api_token_id", "url", "attempt", "event", "state", "payload" from "webhook_deliveries" where "id" = ?',
    [id],
  );
  return row;
}

/**
 * Whether the same receiver's `started` delivery of the task has not had its first attempt yet (queued within the
 * last minute): an end event then waits for it, so a fast task's events arrive in the order they happened.
 */
export async function startNotYetTried(
  em: SqlEntityManager,
  delivery: { id: string; task_id: string | null; api_token_id: string; url: string },
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `select "id" from "webhook_deliveries" where "task_id" = ? and "api_token_id" = ? and "url" = ? and "event" = 'started'
       and "state" = 'waiting' and "attempt" = 0 and "id" <> ? and "created_at" > now() - interval '1 minute' limit 1`,
    [delivery.task_id, delivery.api_token_id, delivery.url, delivery.id],
  );
  return rows.length > 0;
}

/** Writes the outcome of an attempt (a missing `nextAttemptAt` keeps the planned one). */
export async function recordDeliveryAttempt(
  em: SqlEntityManager,
  id: string,
  attempt: number,
  outcome: { state: string; statusCode: number | null; error: string | null; nextAttemptAt?: Date; deliveredAt?: Date },
): Promise<void> {
  await em.execute(
    `update "webhook_deliveries" set "state" = ?, "attempt" = ?, "status_code" = ?, "error" = ?,
       "next_attempt_at" = coalesce(?, "next_attempt_at"), "delivered_at" = ? where "id" = ?`,
    [outcome.state, attempt, outcome.statusCode, outcome.error, outcome.nextAttemptAt ?? null, outcome.deliveredAt ?? null, id],
  );
}
