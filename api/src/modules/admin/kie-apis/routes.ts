// KIE provider accounts (spec 001 §7 "Provider accounts"): the studio's `kie_apis`, through its repository.
import type { adminKieApiRoutes } from '@app/contract';
import { LIMITS } from '@app/contract/constants';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { notFound } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import { acting, recordAudit } from '../../audit/index.ts';
import { KieApiRepository } from '../../kie-accounts/index.ts';
import { audited } from '../audited.ts';
import { notifyIfLowCredits } from '../notifications/provider-credits.ts';
import { fieldConflict, tooMany } from '../problems.ts';
import { presentKieApi } from './kie-apis.presenter.ts';
import { refreshKieCredits } from './refresh-credits.ts';

const accountNotFound = () => notFound('No such KIE account.');
const tokenTaken = () => fieldConflict('token', 'This API token is already added', 'kie_token_taken');

/** Runs a write, turning the unique token digest's violation into 409 `/body/token`. */
async function uniqueToken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw tokenTaken();
    throw error;
  }
}

export const adminKieApiHandlers = {
  async listKieApis(ctx) {
    return { status: 200, body: (await new KieApiRepository(ctx.state.em).list()).map(presentKieApi) };
  },

  async createKieApi(ctx, { body, caller }) {
    const accounts = new KieApiRepository(ctx.state.em);
    // The list declares at most this many accounts, so creating stops there.
    if ((await accounts.count()) >= LIMITS.maxKieAccounts) {
      throw tooMany('too_many_kie_apis', 'Too many KIE accounts', LIMITS.maxKieAccounts, 'KIE accounts');
    }
    const api = await uniqueToken(() =>
      audited(
        ctx,
        caller,
        (tx) => new KieApiRepository(tx).create(body),
        (created) => ({ action: 'kie_account.created', details: { id: created.id, name: created.name } }),
      ),
    );
    return { status: 201, body: presentKieApi(api) };
  },

  async updateKieApi(ctx, { params, body, caller }) {
    const { token, ...rest } = body;
    const changes = token ? { ...rest, token } : rest;
    // Which fields were sent, never the token itself.
    const details = { id: params.id, ...rest, ...(token && { token: 'replaced' }) };
    const api = await uniqueToken(() =>
      audited(
        ctx,
        caller,
        (tx) => new KieApiRepository(tx).update(params.id, changes),
        (updated) => (updated ? { action: 'kie_account.updated', details } : null),
      ),
    );
    if (!api) throw accountNotFound();
    return { status: 200, body: presentKieApi(api) };
  },

  async deleteKieApi(ctx, { params, caller }) {
    const deleted = await audited(
      ctx,
      caller,
      (tx) => new KieApiRepository(tx).delete(params.id),
      (done) => (done ? { action: 'kie_account.deleted', details: { id: params.id } } : null),
    );
    if (!deleted) throw accountNotFound();
    return { status: 200, body: { message: 'KIE API deleted' } };
  },

  async refreshKieApiCredits(ctx, { params, caller }) {
    const api = await new KieApiRepository(ctx.state.em).findById(params.id);
    if (!api) throw accountNotFound();
    const { before, after } = await refreshKieCredits(ctx.state.em, api, ctx.services.config.studio.kie);
    await recordAudit(ctx.state.em, {
      action: 'kie_account.credits_refreshed',
      by: acting(ctx, caller),
      details: { id: api.id, credits: { before: before ?? null, after: after ?? null } },
    });
    await notifyIfLowCredits(ctx.services, { accountName: api.name, before, after });
    return { status: 200, body: presentKieApi(api) };
  },
} satisfies HandlersFor<typeof adminKieApiRoutes>;
