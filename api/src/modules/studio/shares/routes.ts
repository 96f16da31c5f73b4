// The owner's share calls: turn an image's or a board's public link on (or change what it shows), read it, end it.
// Each change that changes something is a security event of the account (audit log, same transaction): a public link
// lets anyone with it see what it shares.
import type { Share, shareRoutes } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { appOrigin } from '../../../http/origin.ts';
import { type AuditParty, acting, recordAudit } from '../../audit/index.ts';
import { type ChangedShare, type OwnShare, ShareRepository } from './share.repository.ts';

/** The public link of a token at this app's origin. */
export const shareUrl = (ctx: AppContext, token: string) => `${appOrigin(ctx)}/s/${token}`;

const presentShare = (ctx: AppContext, share: OwnShare): Share => ({
  url: shareUrl(ctx, share.token),
  showPrompt: share.showPrompt,
  createdAt: share.createdAt.toISOString(),
});

/** What a share names in the audit log: the owner's own id of the image or board (never the link's token). */
type Shared = { taskId: string } | { boardId: string };

/** Records a new link or a changed prompt choice; a repeat that changed nothing leaves no entry. */
async function auditShared(tx: SqlEntityManager, ctx: AppContext, caller: AuditParty, shared: Shared, { share, before }: ChangedShare) {
  if (before?.showPrompt === share.showPrompt) return;
  const entry = { by: acting(ctx, caller), subject: caller };
  if (!before) await recordAudit(tx, { ...entry, action: 'share.created', details: { ...shared, showPrompt: share.showPrompt } });
  else
    await recordAudit(tx, {
      ...entry,
      action: 'share.changed',
      details: { ...shared, showPrompt: { before: before.showPrompt, after: share.showPrompt } },
    });
}

async function auditStopped(tx: SqlEntityManager, ctx: AppContext, caller: AuditParty, shared: Shared, stopped: boolean) {
  if (stopped) await recordAudit(tx, { action: 'share.stopped', by: acting(ctx, caller), subject: caller, details: shared });
}

export const shareHandlers = {
  async shareImageTask(ctx, { params, body, caller }) {
    const share = await ctx.state.em.transactional(async (tx) => {
      const changed = await new ShareRepository(tx).shareTask(caller.id, params.taskId, body.showPrompt);
      await auditShared(tx, ctx, caller, { taskId: params.taskId }, changed);
      return changed.share;
    });
    return { status: 200, body: presentShare(ctx, share) };
  },

  async getImageTaskShare(ctx, { params, caller }) {
    const share = await new ShareRepository(ctx.state.em).taskShare(caller.id, params.taskId);
    return { status: 200, body: { share: share && presentShare(ctx, share) } };
  },

  async unshareImageTask(ctx, { params, caller }) {
    await ctx.state.em.transactional(async (tx) => {
      const stopped = await new ShareRepository(tx).unshareTask(caller.id, params.taskId);
      await auditStopped(tx, ctx, caller, { taskId: params.taskId }, stopped);
    });
    return { status: 204, body: undefined };
  },

  async shareBoard(ctx, { params, body, caller }) {
    const share = await ctx.state.em.transactional(async (tx) => {
      const changed = await new ShareRepository(tx).shareBoard(caller.id, params.boardId, body.showPrompt);
      await auditShared(tx, ctx, caller, { boardId: params.boardId }, changed);
      return changed.share;
    });
    return { status: 200, body: presentShare(ctx, share) };
  },

  async getBoardShare(ctx, { params, caller }) {
    const share = await new ShareRepository(ctx.state.em).boardShare(caller.id, params.boardId);
    return { status: 200, body: { share: share && presentShare(ctx, share) } };
  },

  async unshareBoard(ctx, { params, caller }) {
    await ctx.state.em.transactional(async (tx) => {
      const stopped = await new ShareRepository(tx).unshareBoard(caller.id, params.boardId);
      await auditStopped(tx, ctx, caller, { boardId: params.boardId }, stopped);
    });
    return { status: 204, body: undefined };
  },
} satisfies HandlersFor<typeof shareRoutes>;
