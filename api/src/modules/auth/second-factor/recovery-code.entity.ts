import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';

/** One recovery code of an account: only its keyed digest is stored; it works once. */
export const RecoveryCode = defineEntity({
  name: 'RecoveryCode',
  tableName: 'recovery_codes',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    digest: p.string().length(64),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
  uniques: [{ properties: ['user', 'digest'] }],
});
export type RecoveryCode = InferEntity<typeof RecoveryCode>;
