// Single-use, short-lived challenges by the hash of their value (see challenge.entity.ts).
import { hash } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { AuthChallenge, type ChallengeKind } from './challenge.entity.ts';

const hashValue = (value: string) => hash('sha256', value, 'hex');

/** Keeps a challenge value (already random) for `ttlMs`, for one account or for anyone. */
export async function storeChallenge(
  em: SqlEntityManager,
  kind: ChallengeKind,
  value: string,
  userId: string | null,
  ttlMs: number,
): Promise<void> {
  const now = new Date();
  await em.insert(AuthChallenge, {
    idHash: hashValue(value),
    kind,
    user: userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
}

/** The challenge's account (null for an anonymous one) while it is live; undefined when unknown, expired or used. */
export async function peekChallenge(em: SqlEntityManager, kind: ChallengeKind, value: string): Promise<string | null | undefined> {
  const rows = await em.execute<{ user_id: string | null }[]>(
    `select "user_id" from "auth_challenges" where "id_hash" = ? and "kind" = ? and "expires_at" > now()`,
    [hashValue(value), kind],
  );
  return rows[0] ? rows[0].user_id : undefined;
}

/** Uses a challenge: its account (null for an anonymous one) when it was live, undefined otherwise. It is gone afterwards. */
export async function consumeChallenge(em: SqlEntityManager, kind: ChallengeKind, value: string): Promise<string | null | undefined> {
  const rows = await em.execute<{ user_id: string | null }[]>(
    `delete from "auth_challenges" where "id_hash" = ? and "kind" = ? and "expires_at" > now() returning "user_id"`,
    [hashValue(value), kind],
  );
  return rows[0] ? rows[0].user_id : undefined;
}

/** Drops challenges nobody answered in time. */
export function purgeExpiredChallenges(em: SqlEntityManager): Promise<number> {
  return em.nativeDelete(AuthChallenge, { expiresAt: { $lte: new Date() } });
}
