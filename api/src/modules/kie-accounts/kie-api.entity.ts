// An upstream KIE account used in round-robin rotation (spec 001 §3 kie_apis). Credits are KIE's own
// credits, tracked by us: each successful submit books the account's per-image cost.
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { EncryptedText } from '../../crypto/encrypted-text.type.ts';
import { secretDigest } from '../../crypto/secret-box.ts';

/** Spec 001 §3/§9 defaults: 1000 credits, 500 per text image, 300 per edit. */
export const KIE_API_DEFAULTS = { totalCredits: 1000, nanoBananaCredits: 500, nanoBananaEditCredits: 300 } as const;

export const KieApi = defineEntity({
  name: 'KieApi',
  tableName: 'kie_apis',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    name: p.string().length(100),
    // Encrypted at rest (crypto/secret-box.ts), plaintext on the entity; never presented back in full.
    token: p.type(EncryptedText).hidden(),
    // Keyed digest of the token: keeps tokens unique although each ciphertext differs (random IV).
    tokenHash: p
      .string()
      .length(64)
      .unique()
      .hidden()
      .onCreate((api: { token: string }) => secretDigest(api.token))
      .onUpdate((api: { token: string }) => secretDigest(api.token)),
    totalCredits: p.integer().default(KIE_API_DEFAULTS.totalCredits),
    nanoBananaCredits: p.integer().default(KIE_API_DEFAULTS.nanoBananaCredits),
    nanoBananaEditCredits: p.integer().default(KIE_API_DEFAULTS.nanoBananaEditCredits),
    isEnabled: p.boolean().default(true),
    lastUsed: p.datetime().nullable(),
    totalUsage: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type KieApi = InferEntity<typeof KieApi>;
