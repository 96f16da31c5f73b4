// The signed-in user's API tokens.
import type { createApiToken as createRoute, deleteApiToken as deleteRoute, listApiTokens as listRoute } from '@app/contract';
import { conflict, notFound, unauthorized } from '../../errors.ts';
import type { HandlersFor } from '../../http/bind.ts';
import type { AppContext } from '../../http/context.ts';
import { presentApiToken } from './presenter.ts';
import { countApiTokens, createApiToken, deleteApiToken, listApiTokens, MAX_TOKENS_PER_USER } from './token.service.ts';

/** The session user's id (the route's `user` role guarantees one). */
function userId(ctx: AppContext): string {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user.id;
}

export const tokenHandlers = {
  async listApiTokens(ctx) {
    const tokens = await listApiTokens(ctx.state.em, userId(ctx));
    return { status: 200, body: tokens.map(presentApiToken) };
  },

  async createApiToken(ctx, { body }) {
    const owner = userId(ctx);
    if ((await countApiTokens(ctx.state.em, owner)) >= MAX_TOKENS_PER_USER) {
      throw conflict(`You already have ${MAX_TOKENS_PER_USER} API tokens. Delete one first.`);
    }
    const { token, signingSecret, record } = await createApiToken(ctx.state.em, owner, body.name);
    return { status: 201, body: { ...presentApiToken(record), token, signingSecret } };
  },

  async deleteApiToken(ctx, { params }) {
    // Someone else's token looks exactly like a missing one.
    if (!(await deleteApiToken(ctx.state.em, userId(ctx), params.id))) throw notFound('No such API token.');
    return { status: 204, body: undefined };
  },
} satisfies HandlersFor<readonly [typeof listRoute, typeof createRoute, typeof deleteRoute]>;
