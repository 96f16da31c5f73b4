// Signed-in callers in memory, keyed by the session id's hash, so a polling browser costs no query per request.
// Revocation stays immediate: a deleted session (sign-out, password change, disabled user, expiry) and a user's
// changed name, role or active flag are notified by the database to every process, which drops the entries at once;
// a write's answer waits until its own process heard them (live/heard-writes.ts). The TTL is only a safety net.
import { LRUCache } from 'lru-cache';
import type { SessionConfig } from '../../../config.ts';
import type { Change } from '../../../db/changes.ts';
import { NotifiedCache } from '../../../db/notified-cache.ts';
import type { Principal } from '../../../http/context.ts';
import { SESSION_TOUCH_INTERVAL_MS } from './session.service.ts';

/** An entry is read again from the database after this long, whatever was heard. */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

declare module '../../../http/context.ts' {
  interface AppServices {
    /** Sessions already checked (answering from memory only while a server's notifications keep it current). */
    sessions?: SessionCache;
  }
}

export interface CachedSession {
  principal: Readonly<Principal>;
  expiresAt: number;
  lastSeenAt: number;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

/** Its `generation` moves whenever anything may have been revoked; read it before the query whose result `set` keeps. */
export class SessionCache extends NotifiedCache {
  readonly #entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });

  /**
   * The caller behind a session hash, when it was checked less than the TTL ago and is neither expired nor due for
   * its once-a-minute `lastSeenAt` touch (those go to the database).
   */
  get(idHash: string, now: number, lifetimes: SessionConfig): Readonly<Principal> | undefined {
    if (!this.current) return undefined;
    const entry = this.#entries.get(idHash);
    if (!entry) return undefined;
    const fresh =
      now - entry.cachedAt < SESSION_CACHE_TTL_MS &&
      now < entry.expiresAt &&
      now < entry.lastSeenAt + lifetimes.idleMs &&
      now - entry.lastSeenAt < SESSION_TOUCH_INTERVAL_MS;
    if (fresh) return entry.principal;
    this.#entries.delete(idHash);
    return undefined;
  }

  /** Keeps a session read from the database, unless something was revoked since `generation` was read. */
  set(idHash: string, session: CachedSession, generation: number, now: number): void {
    if (!this.keeps(generation)) return;
    this.#entries.set(idHash, { ...session, principal: Object.freeze({ ...session.principal }), cachedAt: now });
  }

  /** Drops a session at once (this process's own revocations do not wait for the notification). */
  evict(idHash: string): void {
    this.bump();
    this.#entries.delete(idHash);
  }

  change(message: Change): void {
    if (message.k === 'session_end') this.evict(message.s ?? '');
    else if (message.k === 'user' && message.u) {
      this.bump();
      for (const [idHash, entry] of this.#entries.entries()) if (entry.principal.id === message.u) this.#entries.delete(idHash);
    }
  }

  protected clear(): void {
    this.#entries.clear();
  }
}
