// A public link to one image or one board (exactly one of `task` and `board` is set). The token is the only key the
// public page is found by; stopping sharing deletes the row, so the link dies at once and a new share gets a new token.
// The shared thing's row going takes its share with it.
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';
import { Board } from '../boards/board.entity.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';

export const Share = defineEntity({
  name: 'Share',
  tableName: 'shares',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    task: p.manyToOne(ImageTask).nullable().deleteRule('cascade'),
    board: p.manyToOne(Board).nullable().deleteRule('cascade'),
    /** 144 random bits, base64url: the link's secret. */
    token: p.string().length(32).unique(),
    showPrompt: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  // One link per image and per board.
  uniques: [
    { name: 'shares_task_unique', properties: ['task'] },
    { name: 'shares_board_unique', properties: ['board'] },
  ],
});
export type Share = InferEntity<typeof Share>;
