// A user's board and which of their images are on it. An image can be on several boards; a board's row going takes
// only its memberships with it (never a task), and a task's row going takes its memberships.
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';

export const Board = defineEntity({
  name: 'Board',
  tableName: 'boards',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    user: p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(60),
    /** The name as compared for uniqueness (case ignored), kept by the database: never written here. */
    nameKey: p.string().length(60).generated('(lower("name")) stored').nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  // One name per user, ignoring case; also the user's boards in name order.
  uniques: [{ name: 'boards_user_name_key_unique', properties: ['user', 'nameKey'] }],
});
export type Board = InferEntity<typeof Board>;

export const BoardImage = defineEntity({
  name: 'BoardImage',
  tableName: 'board_images',
  properties: {
    board: p.manyToOne(Board).primary().deleteRule('cascade'),
    task: p.manyToOne(ImageTask).primary().deleteRule('cascade').index(),
    addedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type BoardImage = InferEntity<typeof BoardImage>;
