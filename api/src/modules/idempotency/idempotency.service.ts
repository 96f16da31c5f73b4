// Idempotent create calls: insert-first claims a key, the stored answer is replayed on a retry.
import { createHash } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { decryptSecret, encryptSecret } from '../../crypto/secret-box.ts';
import { deleteClaimInProgress, deleteExpiredKeys, findKey, insertClaimIfNew, storeAnswer } from './idempotency-key.repository.ts';
import { idempotencyInProgress, idempotencyKeyReused } from './problems.ts';

/** Keys are kept at least this long (then purged lazily on the owner's next keyed request). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * A claim still in progress after this long belongs to a request that died (kill -9, a restart that cut it): it is
 * dropped, so a client's retry runs instead of meeting 409 until the key expires. A request merely slow past this
 * cannot run twice: its answer is stored only while its own claim is still there (see `completeIdempotencyKey`).
 */
export const IDEMPOTENCY_STALE_CLAIM_MS = 60 * 1000;

export type IdempotencyClaim = { kind: 'claimed'; id: string } | { kind: 'replay'; status: number; body: unknown };

/** Writes `value` as JSON with object keys sorted at every level, piece by piece (a large body is never copied whole). */
function writeCanonical(value: unknown, write: (text: string) => void): void {
  if (Array.isArray(value)) {
    write('[');
    value.forEach((item, index) => {
      if (index > 0) write(',');
      writeCanonical(item, write);
    });
    write(']');
  } else if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    write('{');
    entries.forEach(([key, item], index) => {
      write(`${index > 0 ? ',' : ''}${JSON.stringify(key)}:`);
      writeCanonical(item, write);
    });
    write('}');
  } else {
    write(JSON.stringify(value ?? null));
  }
}

/** JSON with object keys sorted at every level, so key order does not change the hash. */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  writeCanonical(value, (text) => parts.push(text));
  return parts.join('');
}

/** SHA-256 (hex) of method, path and canonical JSON body, hashed as it is written (uploads carry megabytes). */
export function requestHash(method: string, path: string, body: unknown): string {
  const hash = createHash('sha256').update(`${method.toUpperCase()}\n${path}\n`);
  writeCanonical(body, (text) => hash.update(text));
  return hash.digest('hex');
}

/**
 * Claims `key` for this request, or answers how to treat a repeat: the stored answer to replay, 422
 * `idempotency_key_reused` for another request, 409 `idempotency_in_progress` while the first still runs.
 */
export async function claimIdempotencyKey(em: SqlEntityManager, userId: string, key: string, hash: string): Promise<IdempotencyClaim> {
  const now = Date.now();
  await deleteExpiredKeys(em, userId, new Date(now - IDEMPOTENCY_RETENTION_MS), new Date(now - IDEMPOTENCY_STALE_CLAIM_MS));
  const id = await insertClaimIfNew(em, userId, key, hash);
  if (id) return { kind: 'claimed', id };
  const row = await findKey(em, userId, key);
  // Released between our insert and select: the caller may simply retry.
  if (!row) throw idempotencyInProgress();
  if (row.request_hash !== hash) throw idempotencyKeyReused();
  if (row.state !== 'done' || row.response_status === null) throw idempotencyInProgress();
  const body = row.response_body === null ? undefined : JSON.parse(decryptSecret(row.response_body));
  return { kind: 'replay', status: row.response_status, body };
}

/**
 * Stores the answer of a claimed key, to be replayed. Encrypted like the stored secrets: some answers are shown
 * once (a new API token), and a replay must not be the one place they rest in the clear. Throws 409
 * `idempotency_in_progress` when the claim was dropped as stale and a retry holds the key now: inside the effect's
 * transaction that rolls the effect back, so the key's work is done once, by the retry.
 */
export async function completeIdempotencyKey(em: SqlEntityManager, claimId: string, status: number, body: unknown): Promise<void> {
  if (!(await storeAnswer(em, claimId, status, body === undefined ? null : encryptSecret(JSON.stringify(body)))))
    throw idempotencyInProgress();
}

/** Frees a claimed key after a failed request (nothing was charged), so the same key may be used again. */
export async function releaseIdempotencyKey(em: SqlEntityManager, claimId: string): Promise<void> {
  await deleteClaimInProgress(em, claimId);
}
