import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { EncryptedText } from '../../../crypto/encrypted-text.type.ts';
import { User } from '../../users/index.ts';

/** An account's authenticator app: its secret (encrypted at rest), on once a code from it was confirmed. */
export const TotpFactor = defineEntity({
  name: 'TotpFactor',
  tableName: 'totp_factors',
  properties: {
    user: p.manyToOne(User).primary().deleteRule('cascade'),
    secret: p.type(EncryptedText),
    /** Null while the set-up waits for its first code. */
    enabledAt: p.datetime().nullable(),
    /** The time step of the last code accepted: a code is never accepted twice. */
    lastStep: p.bigint('number').nullable(),
    createdAt: p.datetime(),
  },
});
export type TotpFactor = InferEntity<typeof TotpFactor>;
