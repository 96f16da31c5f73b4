// The user's recent callback deliveries, and sending one again.
import type { WebhookDeliveryItem } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';

interface DeliveryRow {
  id: string;
  task_id: string;
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
  from "webhook_deliveries" d join "image_tasks" t on t."id" = d."task_id" join "api_tokens" k on k."id" = d."api_token_id"`;

const iso = (value: Date | string) => new Date(value).toISOString();

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
    createdAt: iso(row.created_at),
    deliveredAt: row.delivered_at === null ? null : iso(row.delivered_at),
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
