// The signed-in user's API tokens. Creating and deleting one are security events of the account (audit log, same
// transaction).
import type {
  createApiToken as createRoute,
  deleteApiToken as deleteRoute,
  listApiTokens as listRoute,
  setApiTokenCaps as setCapsRoute,
} from '@app/contract';
import { conflict, notFound } from '../../errors.ts';
import type { HandlersFor } from '../../http/bind.ts';
import { acting, recordAudit } from '../audit/index.ts';
import { oncePerKey } from '../idempotency/index.ts';
import { presentApiToken } from './presenter.ts';
import { countApiTokens, createApiToken, deleteApiToken, listApiTokens, MAX_TOKENS_PER_USER, setTokenCaps } from './token.service.ts';

export const tokenHandlers = {
  async listApiTokens(ctx, { caller }) {
    const tokens = await listApiTokens(ctx.state.em, caller.id);
    return { status: 200, body: tokens.map(presentApiToken) };
  },

  async createApiToken(ctx, { body, caller }) {
    const owner = caller.id;
    // The token and the answer a repeat replays are written together (a token is shown once: it is in that answer).
    return oncePerKey(ctx, owner, body, (recordAnswer) =>
      ctx.state.em.transactional(async (tx) => {
        if ((await countApiTokens(tx, owner)) >= MAX_TOKENS_PER_USER) {
          throw conflict(`You already have ${MAX_TOKENS_PER_USER} API tokens. Delete one first.`);
        }
        const { name, ...caps } = body;
        const { token, signingSecret, record } = await createApiToken(tx, owner, name, caps);
        const details = { name: record.name, token: `${record.prefix}••••${record.last4}`, ...caps };
        await recordAudit(tx, { action: 'token.created', by: acting(ctx, caller), subject: caller, details });
        const answer = { status: 201 as const, body: { ...presentApiToken(record), token, signingSecret } };
        await recordAnswer(tx, answer);
        return answer;
      }),
    );
  },

  async setApiTokenCaps(ctx, { params, body, caller }) {
    const record = await ctx.state.em.transactional(async (tx) => {
      const changed = await setTokenCaps(tx, caller.id, params.id, body);
      if (changed)
        await recordAudit(tx, { action: 'token.caps_set', by: acting(ctx, caller), subject: caller, details: { id: params.id, ...body } });
      return changed;
    });
    if (!record) throw notFound('No such API token.');
    return { status: 200, body: presentApiToken(record) };
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
} satisfies HandlersFor<readonly [typeof listRoute, typeof createRoute, typeof setCapsRoute, typeof deleteRoute]>;
