// /api/webhook-deliveries: the signed-in user's recent callbacks, and sending one again.
import type { webhookDeliveryRoutes } from '@app/contract';
import { conflict, notFound, unauthorized } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { listDeliveries, redeliver } from './deliveries.repository.ts';

/** The session user's id (the routes' `user` role guarantees one). */
function userId(ctx: AppContext): string {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user.id;
}

export const deliveryHandlers = {
  async listWebhookDeliveries(ctx) {
    ctx.set('Cache-Control', 'no-store');
    return { status: 200, body: { deliveries: await listDeliveries(ctx.state.em, userId(ctx)) } };
  },

  async redeliverWebhook(ctx, { params }) {
    const { callbacks } = ctx.services;
    const outcome = await redeliver(ctx.state.em, userId(ctx), params.id, (tx, id) => callbacks.send(tx, id));
    if (outcome.kind === 'not_found') throw notFound('No callback of yours has this id.');
    if (outcome.kind === 'waiting') throw conflict('This callback is still waiting to be sent.');
    return { status: 202, body: outcome.delivery };
  },
} satisfies HandlersFor<typeof webhookDeliveryRoutes>;
