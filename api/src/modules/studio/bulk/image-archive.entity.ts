// A ZIP download asked for: which of the owner's tasks go in it, until when its address works. The browser is sent to
// `GET /api/image-tasks/archives/<id>` and streams the answer to disk; the id list (up to 1,000) stays here, not in the URL.
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';

export const ImageArchive = defineEntity({
  name: 'ImageArchive',
  tableName: 'image_archives',
  properties: {
    /** 128 random bits, base64url: the download address's last segment. */
    id: p.string().length(40).primary(),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    /** Public task ids, in the order chosen. */
    taskIds: p.array(),
    expiresAt: p.datetime().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ImageArchive = InferEntity<typeof ImageArchive>;
