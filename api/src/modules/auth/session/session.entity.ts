import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';

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
    /** What the account's owner sees of it (never the id or its hash): to end one session from the list. */
    publicId: p.uuid().unique().defaultRaw('gen_random_uuid()'),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** The client address at sign-in, and its User-Agent, for the sessions list. */
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
    /** The last check of who is there (the sign-in itself, or a second-factor check since): step-up looks at it. */
    verifiedAt: p.datetime().nullable(),
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
