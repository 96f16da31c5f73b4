import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';

/**
 * A short-lived, single-use secret the server handed out and waits to see again: a sign-in waiting for its second
 * factor (cookie), or a WebAuthn challenge. Only its SHA-256 is stored; using it deletes the row.
 */
export const AuthChallenge = defineEntity({
  name: 'AuthChallenge',
  tableName: 'auth_challenges',
  properties: {
    idHash: p.string().length(64).primary(),
    kind: p.enum(['sign_in', 'passkey_registration', 'passkey_sign_in', 'passkey_second_factor', 'passkey_step_up']),
    user: p.manyToOne(User).deleteRule('cascade').nullable().index(),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
});
export type AuthChallenge = InferEntity<typeof AuthChallenge>;
export type ChallengeKind = AuthChallenge['kind'];
