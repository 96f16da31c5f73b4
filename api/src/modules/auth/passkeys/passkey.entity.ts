import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';

/** A WebAuthn credential of an account: its public key and signature counter, as @simplewebauthn/server verified them. */
export const PasskeyCredential = defineEntity({
  name: 'PasskeyCredential',
  tableName: 'passkeys',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    /** The credential id, base64url (what the browser names it by). */
    credentialId: p.string().length(1400).unique(),
    /** The COSE public key, base64url. */
    publicKey: p.text(),
    counter: p.bigint('number').default(0),
    transports: p.array().default([]),
    backedUp: p.boolean().default(false),
    name: p.string().length(100),
    createdAt: p.datetime(),
    lastUsedAt: p.datetime().nullable(),
  },
});
export type PasskeyCredential = InferEntity<typeof PasskeyCredential>;
