// The signed-in user's API tokens. Creating and deleting one are security events of the account (audit log, same
// transaction).
import type { createApiToken as createRoute, deleteApiToken as deleteRoute, listApiTokens as listRoute } from '@app/contract';
import { conflict, notFound } from '../../errors.ts';
import type { HandlersFor } from '../../http/bind.ts';
import { acting, recordAudit } from '../audit/index.ts';
import { presentApiToken } from './presenter.ts';
import { countApiTokens, createApiToken, deleteApiToken, listApiTokens, MAX_TOKENS_PER_USER } from './token.service.ts';

export const tokenHandlers = {
  async listApiTokens(ctx, { caller }) {
    const tokens = await listApiTokens(ctx.state.em, caller.id);
    return { status: 200, body: tokens.map(presentApiToken) };
  },

  async createApiToken(ctx, { body, caller }) {
    const owner = caller.id;
    if ((await countApiTokens(ctx.state.em, owner)) >= MAX_TOKENS_PER_USER) {
      throw conflict(`You already have ${MAX_TOKENS_PER_USER} API tokens. Delete one first.`);
    }
    const { token, signingSecret, record } = await ctx.state.em.transactional(async (tx) => {
      const created = await createApiToken(tx, owner, body.name);
      const details = { name: created.record.name, token: `${created.record.prefix}••••${created.record.last4}` };
      await recordAudit(tx, { action: 'token.created', by: acting(ctx, caller), subject: caller, details });
      return created;
    });
    return { status: 201, body: { ...presentApiToken(record), token, signingSecret } };
  },

  async deleteApiToken(ctx, { params, caller }) {
    // Someone else's token looks exactly like a missing one.
    const deleted = await ctx.state.em.transactional(async (tx) => {
      const done = await deleteApiToken(tx, caller.id, params.id);
      if (done) await recordAudit(tx, { action: 'token.deleted', by: acting(ctx, caller), subject: caller, details: { id: params.id } });
      return done;
    });
    if (!deleted) throw notFound('No such API token.');
    return { status: 204, body: undefined };
  },
} satisfies HandlersFor<readonly [typeof listRoute, typeof createRoute, typeof deleteRoute]>;
