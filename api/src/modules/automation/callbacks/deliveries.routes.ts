// /api/webhook-deliveries: the signed-in user's recent callbacks, and sending one again.
import type { webhookDeliveryRoutes } from '@app/contract';
import { conflict, notFound } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import { listDeliveries, redeliver } from './deliveries.repository.ts';

export const deliveryHandlers = {
  async listWebhookDeliveries(ctx, { caller }) {
    ctx.set('Cache-Control', 'no-store');
    return { status: 200, body: { deliveries: await listDeliveries(ctx.state.em, caller.id) } };
  },

  async redeliverWebhook(ctx, { params, caller }) {
    const { callbacks } = ctx.services;
    const outcome = await redeliver(ctx.state.em, caller.id, params.id, (tx, id) => callbacks.send(tx, id));
    if (outcome.kind === 'not_found') throw notFound('No callback of yours has this id.');
    if (outcome.kind === 'waiting') throw conflict('This callback is still waiting to be sent.');
    return { status: 202, body: outcome.delivery };
  },
} satisfies HandlersFor<typeof webhookDeliveryRoutes>;
