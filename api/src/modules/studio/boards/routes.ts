// Board routes: a user's boards and which of their images are on them (see board.repository.ts).
import { BOARD_LIMITS, type boardRoutes } from '@app/contract';
import { notFound } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import { oncePerKey } from '../../idempotency/index.ts';
import { BoardRepository } from './board.repository.ts';
import { tooManyBoards } from './problems.ts';

export const boardHandlers = {
  async listBoards(ctx, { caller }) {
    return { status: 200, body: { boards: await new BoardRepository(ctx.state.em).list(caller.id) } };
  },

  async createBoard(ctx, { body, caller }) {
    const boards = new BoardRepository(ctx.state.em);
    return oncePerKey(ctx, caller.id, body, async () => {
      if ((await boards.count(caller.id)) >= BOARD_LIMITS.boardsMax) throw tooManyBoards();
      return { status: 201 as const, body: await boards.create(caller.id, body.name) };
    });
  },

  async getBoard(ctx, { params, caller }) {
    return { status: 200, body: await new BoardRepository(ctx.state.em).get(caller.id, params.boardId) };
  },

  async renameBoard(ctx, { params, body, caller }) {
    return { status: 200, body: await new BoardRepository(ctx.state.em).rename(caller.id, params.boardId, body.name) };
  },

  async deleteBoard(ctx, { params, caller }) {
    await new BoardRepository(ctx.state.em).delete(caller.id, params.boardId);
    return { status: 204, body: undefined };
  },

  async addBoardImages(ctx, { params, body, caller }) {
    const board = await ctx.state.em.transactional((tx) =>
      new BoardRepository(tx).setMembership(caller.id, params.boardId, body.taskIds, true),
    );
    return { status: 200, body: board };
  },

  async removeBoardImages(ctx, { params, body, caller }) {
    const board = await ctx.state.em.transactional((tx) =>
      new BoardRepository(tx).setMembership(caller.id, params.boardId, body.taskIds, false),
    );
    return { status: 200, body: board };
  },

  async listTaskBoards(ctx, { params, caller }) {
    const boardIds = await new BoardRepository(ctx.state.em).boardsOfTask(caller.id, params.taskId);
    if (!boardIds) throw notFound('No task of yours has this id.');
    return { status: 200, body: { boardIds } };
  },
} satisfies HandlersFor<typeof boardRoutes>;
