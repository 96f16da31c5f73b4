// Boards: a user's named collections of their own images. An image can be on several boards; a board never owns it.
import { Count, Id, Timestamp, UrlText } from './common.ts';
import { BOARD_LIMITS } from './constants.ts';
import { TaskIdText } from './studio.ts';
import { z } from './zod.ts';

const BoardName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(BOARD_LIMITS.nameMax, `Name must be at most ${BOARD_LIMITS.nameMax} characters`)
  .describe(`1 to ${BOARD_LIMITS.nameMax} characters, trimmed; unique among your boards, ignoring case.`)
  .openapi({ example: 'Banana astronauts' });

export const Board = z
  .object({
    id: Id,
    name: BoardName,
    imageCount: Count('Images on the board.', 12),
    coverUrl: UrlText.nullable().describe('Thumbnail of the image added last that has one; null for an empty board.'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Board', { description: 'One of your boards.' });
export type Board = z.infer<typeof Board>;

export const BoardList = z
  .object({ boards: z.array(Board).max(BOARD_LIMITS.boardsMax).describe('Your boards, by name.') })
  .openapi('BoardList');
export type BoardList = z.infer<typeof BoardList>;

export const BoardBody = z.object({ name: BoardName }).openapi('BoardBody');
export type BoardBody = z.infer<typeof BoardBody>;

export const BoardIdParams = z.object({ boardId: Id.describe('The board id.') }).openapi('BoardIdParams');
export type BoardIdParams = z.infer<typeof BoardIdParams>;

export const BoardImagesBody = z
  .object({
    taskIds: z
      .array(TaskIdText)
      .min(1, 'At least one task id is required')
      .max(BOARD_LIMITS.taskIdsMax, `At most ${BOARD_LIMITS.taskIdsMax} task ids at once`)
      .describe(`Public ids of your tasks, 1 to ${BOARD_LIMITS.taskIdsMax}; repeats count once.`),
  })
  .openapi('BoardImagesBody');
export type BoardImagesBody = z.infer<typeof BoardImagesBody>;

export const TaskBoards = z
  .object({ boardIds: z.array(Id).max(BOARD_LIMITS.boardsMax).describe('The boards the task is on.') })
  .openapi('TaskBoards');
export type TaskBoards = z.infer<typeof TaskBoards>;
