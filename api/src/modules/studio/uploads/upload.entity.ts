// Who uploaded which stored file, how large it is, and whether a task has used it: the basis of the per-user
// storage quota and of the daily clean-up of uploads nobody used.
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';

export const Upload = defineEntity({
  name: 'Upload',
  tableName: 'uploads',
  properties: {
    /** The storage key of the original (`uploads/<random>.<ext>`). */
    key: p.string().length(300).primary(),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    /** Bytes of the stored original (after re-encoding). */
    bytes: p.integer(),
    thumbnailKey: p.string().length(300),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    /** Set once a task of the owner refers to it; such uploads are kept with the task. */
    usedAt: p.datetime().nullable(),
  },
});
export type Upload = InferEntity<typeof Upload>;
