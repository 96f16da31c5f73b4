// An account's sessions as its owner manages them: list, end one, end all the others.
import { SESSIONS_LISTED_MAX } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { SessionConfig } from '../../../config.ts';
import { Session } from '../session/session.entity.ts';
import { purgeExpiredSessions } from '../session/session.service.ts';

/** The account's live sessions, newest activity first (expired ones are dropped first). */
export async function listUserSessions(em: SqlEntityManager, userId: string, lifetimes: SessionConfig): Promise<Session[]> {
  await purgeExpiredSessions(em, userId, lifetimes);
  return em.find(Session, { user: userId }, { orderBy: { lastSeenAt: 'desc', createdAt: 'desc' }, limit: SESSIONS_LISTED_MAX });
}

/** Ends one session of the account by its public id; the hash of the ended id, or null when it is not theirs. */
export async function endUserSession(em: SqlEntityManager, userId: string, publicId: string): Promise<string | null> {
  const session = await em.findOne(Session, { publicId, user: userId });
  if (!session) return null;
  await em.nativeDelete(Session, { idHash: session.idHash });
  return session.idHash;
}

/** Ends every session of the account but the one whose id hash is `keepHash`; how many ended. */
export function endOtherUserSessions(em: SqlEntityManager, userId: string, keepHash: string): Promise<number> {
  return em.nativeDelete(Session, { user: userId, idHash: { $ne: keepHash } });
}
