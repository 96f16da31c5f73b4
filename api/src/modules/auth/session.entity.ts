import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../users/index.ts';

/**
 * A browser session. Only the SHA-256 of the session id is stored, so a leaked table (or backup)
 * cannot be replayed as cookies. Idle expiry is `lastSeenAt` + the configured idle time; `expiresAt`
 * is the absolute end, however active the session is.
 */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    /** Lower-case hex SHA-256 of the `sid` cookie value. */
    idHash: p.string().length(64).primary(),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** Updated at most once a minute, so reads do not turn into a write per request. */
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
  checks: [
    { name: 'sessions_id_hash_hex', expression: "id_hash ~ '^[0-9a-f]{64}$'" },
    { name: 'sessions_expires_after_creation', expression: 'expires_at > created_at' },
  ],
});
export type Session = InferEntity<typeof Session>;
