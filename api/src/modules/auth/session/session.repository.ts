// Raw queries over sessions, by the hash of their id.
import type { SqlEntityManager } from '@mikro-orm/sql';

/** When the session ends (absolute expiry), or null when it no longer exists. */
export async function findSessionExpiry(em: SqlEntityManager, idHash: string): Promise<Date | null> {
  const [session] = await em.execute<{ expires_at: Date }[]>('select "expires_at" from "sessions" where "id_hash" = ?', [idHash]);
  return session ? new Date(session.expires_at) : null;
}

/** Marks these sessions seen at `seen`, skipping those already seen after `before`. */
export async function touchSessionsSeen(em: SqlEntityManager, idHashes: string[], seen: Date, before: Date): Promise<void> {
  await em.execute('update "sessions" set "last_seen_at" = ? where "id_hash" in (?) and "last_seen_at" <= ?', [seen, idHashes, before]);
}
