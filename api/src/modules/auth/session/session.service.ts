// Server-side sessions: random ids handed to the browser, only their hashes kept here.
import { hash, randomBytes, randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { SessionConfig } from '../../../config.ts';
import type { User } from '../../users/index.ts';
import { Session } from './session.entity.ts';

/** `lastSeenAt` is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** 32 random bytes in base64url: 256 bits, 43 characters. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** A new session id (256 random bits), as sent in the cookie. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a cookie value can be a session id at all (anything else is ignored without a query). */
export function isSessionId(value: string | undefined): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

/** The stored form of a session id (one-shot hashing: no Hash object per signed-in request). */
export function hashSessionId(sid: string): string {
  return hash('sha256', sid, 'hex');
}

/** Where a session was started from, for its owner's list. */
export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Starts a session for a user; returns the id to put in the cookie. The sign-in that starts it is its first check of
 * who is there (`verifiedAt`).
 */
export async function createSession(
  em: SqlEntityManager,
  userId: string,
  lifetimes: SessionConfig,
  now = new Date(),
  origin: SessionOrigin = { ip: null, userAgent: null },
): Promise<string> {
  const sid = newSessionId();
  await em.insert(Session, {
    idHash: hashSessionId(sid),
    publicId: randomUUID(),
    user: userId,
    createdAt: now,
    lastSeenAt: now,
    verifiedAt: now,
    ip: origin.ip?.slice(0, 64) ?? null,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    expiresAt: new Date(now.getTime() + lifetimes.absoluteMs),
  });
  return sid;
}

/**
 * The active user behind a session id, or undefined. Expired sessions are deleted; so are all sessions
 * of a disabled user (they must not come back if the user is enabled again). Slides the idle expiry.
 */
export async function resolveSession(
  em: SqlEntityManager,
  sid: string,
  lifetimes: SessionConfig,
  now = new Date(),
): Promise<User | undefined> {
  return (await resolveSessionByHash(em, hashSessionId(sid), lifetimes, now))?.user;
}

/** `resolveSession` by the stored hash; the session with its user (`lastSeenAt` as read, before any touch). */
export async function resolveSessionByHash(
  em: SqlEntityManager,
  idHash: string,
  lifetimes: SessionConfig,
  now = new Date(),
): Promise<Session | undefined> {
  const session = await em.findOne(Session, { idHash }, { populate: ['user'] });
  if (!session) return undefined;
  const idleEnd = session.lastSeenAt.getTime() + lifetimes.idleMs;
  if (session.expiresAt.getTime() <= now.getTime() || idleEnd <= now.getTime()) {
    await em.nativeDelete(Session, { idHash });
    return undefined;
  }
  const user = session.user;
  if (!user.isActive) {
    await destroyUserSessions(em, user.id);
    return undefined;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    // Conditional, so concurrent requests of one browser write once.
    await em.nativeUpdate(
      Session,
      { idHash, lastSeenAt: { $lte: new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS) } },
      { lastSeenAt: now },
    );
  }
  return session;
}

/** Ends one session (logout, rotation). Unknown ids are ignored. */
export async function destroySession(em: SqlEntityManager, sid: string): Promise<void> {
  await em.nativeDelete(Session, { idHash: hashSessionId(sid) });
}

/** Ends every session of a user (password change, account disabled). */
export async function destroyUserSessions(em: SqlEntityManager, userId: string): Promise<number> {
  return em.nativeDelete(Session, { user: userId });
}

/**
 * Drops expired sessions, so the table does not grow with abandoned browsers: a user's at sign-in, and
 * everyone's (`userId` null) at start, for users who never come back.
 */
export async function purgeExpiredSessions(
  em: SqlEntityManager,
  userId: string | null,
  lifetimes: SessionConfig,
  now = new Date(),
): Promise<number> {
  return em.nativeDelete(Session, {
    ...(userId !== null && { user: userId }),
    $or: [{ expiresAt: { $lte: now } }, { lastSeenAt: { $lte: new Date(now.getTime() - lifetimes.idleMs) } }],
  });
}
