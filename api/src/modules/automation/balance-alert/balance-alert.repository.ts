// The low-balance alert's rows: the threshold on `users`, the callback in `balance_alert_callbacks`, and the
// `balance.low` deliveries recorded when a ledger entry crosses the threshold.
import type { BalanceAlert, BalanceLowEvent } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { BalanceCrossing } from '../../ledger/index.ts';

/** The user's alert; all null when off. */
export async function readBalanceAlert(em: SqlEntityManager, userId: string): Promise<BalanceAlert> {
  const [row] = await em.execute<{ threshold: number | null; url: string | null; api_token_id: string | null }[]>(
    `select u."low_balance_threshold" as "threshold", c."url", c."api_token_id"
       from "users" u left join "balance_alert_callbacks" c on c."user_id" = u."id" where u."id" = ?`,
    [userId],
  );
  return { threshold: row?.threshold ?? null, callbackUrl: row?.url ?? null, signingTokenId: row?.api_token_id ?? null };
}

/** Replaces the user's alert in one transaction (the token was checked to be theirs). */
export async function writeBalanceAlert(em: SqlEntityManager, userId: string, alert: BalanceAlert): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute('update "users" set "low_balance_threshold" = ? where "id" = ?', [alert.threshold, userId]);
    if (alert.callbackUrl === null || alert.signingTokenId === null) {
      await tx.execute('delete from "balance_alert_callbacks" where "user_id" = ?', [userId]);
      return;
    }
    await tx.execute(
      `insert into "balance_alert_callbacks" ("user_id", "api_token_id", "url", "updated_at") values (?, ?, ?, ?)
       on conflict ("user_id") do update set "api_token_id" = excluded."api_token_id", "url" = excluded."url", "updated_at" = excluded."updated_at"`,
      [userId, alert.signingTokenId, alert.callbackUrl, new Date()],
    );
  });
}

/** Whether `tokenId` is one of the user's tokens that can sign (tokens from before callbacks have no secret). */
export async function findSigningToken(em: SqlEntityManager, userId: string, tokenId: string): Promise<'ok' | 'missing' | 'no_secret'> {
  const [row] = await em.execute<{ has_secret: boolean }[]>(
    'select "signing_secret" is not null as "has_secret" from "api_tokens" where "id" = ? and "user_id" = ?',
    [tokenId, userId],
  );
  if (!row) return 'missing';
  return row.has_secret ? 'ok' : 'no_secret';
}

/**
 * Records the `balance.low` delivery of a crossing when the user has an alert callback; its id is the ledger
 * transaction's, so one crossing makes one delivery. False when there is no callback.
 */
export async function recordBalanceLow(tx: SqlEntityManager, crossing: BalanceCrossing): Promise<boolean> {
  const now = new Date();
  const payload: BalanceLowEvent = {
    event: 'balance.low',
    balance: crossing.balance,
    threshold: crossing.threshold,
    occurredAt: now.toISOString(),
    transactionId: crossing.transactionId,
  };
  const rows = await tx.execute<{ id: string }[]>(
    `insert into "webhook_deliveries" ("id", "task_id", "api_token_id", "url", "event", "payload", "state", "attempt", "next_attempt_at", "created_at")
     select ?::uuid, null, c."api_token_id", c."url", 'balance.low', ?::jsonb, 'waiting', 0, ?::timestamptz, ?::timestamptz from "balance_alert_callbacks" c where c."user_id" = ?
     returning "id"`,
    [crossing.transactionId, JSON.stringify(payload), now, now, crossing.userId],
  );
  return rows.length > 0;
}
