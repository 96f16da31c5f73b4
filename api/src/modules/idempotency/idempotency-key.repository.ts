// Queries over idempotency keys: claims, stored answers, expiry.
import type { SqlEntityManager } from '@mikro-orm/sql';

export interface StoredIdempotencyKey {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
}

/** Drops the user's keys created before `expiredBefore`, and their claims still in progress from before `staleBefore`. */
export async function deleteExpiredKeys(em: SqlEntityManager, userId: string, expiredBefore: Date, staleBefore: Date): Promise<void> {
  await em.execute(
    `delete from "idempotency_keys" where "user_id" = ? and ("created_at" < ? or ("state" = 'in_progress' and "created_at" < ?))`,
    [userId, expiredBefore, staleBefore],
  );
}

/** Inserts an `in_progress` claim of the key: its id, or null when the user already holds the key. */
export async function insertClaimIfNew(em: SqlEntityManager, userId: string, key: string, hash: string): Promise<string | null> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into "idempotency_keys" ("id", "user_id", "key", "request_hash", "state", "created_at")
     values (?, ?, ?, ?, 'in_progress', ?) on conflict ("user_id", "key") do nothing returning "id"`,
    [crypto.randomUUID(), userId, key, hash, new Date()],
  );
  return inserted[0]?.id ?? null;
}

/** The user's key as stored, if it still exists. */
export async function findKey(em: SqlEntityManager, userId: string, key: string): Promise<StoredIdempotencyKey | undefined> {
  const [row] = await em.execute<StoredIdempotencyKey[]>(
    'select "request_hash", "state", "response_status", "response_body" from "idempotency_keys" where "user_id" = ? and "key" = ?',
    [userId, key],
  );
  return row;
}

/**
 * Marks the claim `done` with the answer to replay (the body as stored text; null for an empty body); false when the
 * claim is no longer this request's (dropped as stale and claimed again by a retry).
 */
export async function storeAnswer(em: SqlEntityManager, claimId: string, status: number, body: string | null): Promise<boolean> {
  const stored = await em.execute<{ id: string }[]>(
    `update "idempotency_keys" set "state" = 'done', "response_status" = ?, "response_body" = ?
      where "id" = ? and "state" = 'in_progress' returning "id"`,
    [status, body, claimId],
  );
  return stored.length > 0;
}

/** Deletes the claim while it is still `in_progress` (a retry's newer claim of the same key is not this one). */
export async function deleteClaimInProgress(em: SqlEntityManager, claimId: string): Promise<void> {
  await em.execute(`delete from "idempotency_keys" where "id" = ? and "state" = 'in_progress'`, [claimId]);
}
