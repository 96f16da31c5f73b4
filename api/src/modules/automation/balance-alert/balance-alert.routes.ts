// /api/account/balance-alert: the signed-in user's low-balance threshold and its signed callback.
import type { balanceAlertRoutes } from '@app/contract';
import { invalidField } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import { checkUrl, GuardedFetchError } from '../../../net/guarded-fetch.ts';
import { callbackFetchOptions } from '../callbacks/fetch-options.ts';
import { invalidCallbackUrl } from '../problems.ts';
import { findSigningToken, readBalanceAlert, writeBalanceAlert } from './balance-alert.repository.ts';

export const balanceAlertHandlers = {
  async getBalanceAlert(ctx, { caller }) {
    ctx.set('Cache-Control', 'no-store');
    return { status: 200, body: await readBalanceAlert(ctx.state.em, caller.id) };
  },

  async setBalanceAlert(ctx, { body, caller }) {
    const em = ctx.state.em;
    if (body.callbackUrl !== null) {
      // The same guard as a task's callback: public http(s), or a network the operator allows.
      const { studio, config } = ctx.services;
      try {
        await checkUrl(body.callbackUrl, callbackFetchOptions(studio.fetchOptions, config.automationCallbacks.allowedNetworks));
      } catch (error) {
        if (!(error instanceof GuardedFetchError)) throw error;
        throw invalidCallbackUrl(error.message, error.reason === 'blocked_address' || error.reason === 'blocked_host');
      }
    }
    if (body.signingTokenId !== null) {
      const token = await findSigningToken(em, caller.id, body.signingTokenId);
      if (token === 'missing') throw invalidField('signingTokenId', 'No API token of yours has this id.');
      if (token === 'no_secret') {
        throw invalidField(
          'signingTokenId',
          'This token was created before callbacks existed and has no signing secret. Create a new token.',
        );
      }
    }
    // A token without a callback address signs nothing: it is not kept.
    const alert = { ...body, signingTokenId: body.callbackUrl === null ? null : body.signingTokenId };
    await writeBalanceAlert(em, caller.id, alert);
    return { status: 200, body: alert };
  },
} satisfies HandlersFor<typeof balanceAlertRoutes>;
