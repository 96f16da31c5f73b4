// The owner's share calls: turn an image's or a board's public link on (or change what it shows), read it, end it.
import type { Share, shareRoutes } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { appOrigin } from '../../../http/origin.ts';
import { type OwnShare, ShareRepository } from './share.repository.ts';

/** The public link of a token at this app's origin. */
export const shareUrl = (ctx: AppContext, token: string) => `${appOrigin(ctx)}/s/${token}`;

const presentShare = (ctx: AppContext, share: OwnShare): Share => ({
  url: shareUrl(ctx, share.token),
  showPrompt: share.showPrompt,
  createdAt: share.createdAt.toISOString(),
});

export const shareHandlers = {
  async shareImageTask(ctx, { params, body, caller }) {
    const share = await ctx.state.em.transactional((tx) => new ShareRepository(tx).shareTask(caller.id, params.taskId, body.showPrompt));
    return { status: 200, body: presentShare(ctx, share) };
  },

  async getImageTaskShare(ctx, { params, caller }) {
    const share = await new ShareRepository(ctx.state.em).taskShare(caller.id, params.taskId);
    return { status: 200, body: { share: share && presentShare(ctx, share) } };
  },

  async unshareImageTask(ctx, { params, caller }) {
    await ctx.state.em.transactional((tx) => new ShareRepository(tx).unshareTask(caller.id, params.taskId));
    return { status: 204, body: undefined };
  },

  async shareBoard(ctx, { params, body, caller }) {
    const share = await new ShareRepository(ctx.state.em).shareBoard(caller.id, params.boardId, body.showPrompt);
    return { status: 200, body: presentShare(ctx, share) };
  },

  async getBoardShare(ctx, { params, caller }) {
    const share = await new ShareRepository(ctx.state.em).boardShare(caller.id, params.boardId);
    return { status: 200, body: { share: share && presentShare(ctx, share) } };
  },

  async unshareBoard(ctx, { params, caller }) {
    await new ShareRepository(ctx.state.em).unshareBoard(caller.id, params.boardId);
    return { status: 204, body: undefined };
  },
} satisfies HandlersFor<typeof shareRoutes>;
