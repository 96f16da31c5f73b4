// Card payments through Creem: checkout, webhook, return check.
import type { createCreemCheckout, receiveCreemWebhook, verifyCreemReturn } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import { oncePerKey } from '../../idempotency/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { presentPaymentOrder } from '../orders/presenter.ts';
import { isCardPaymentAvailable, isSandboxPayment } from '../pricing.service.ts';
import { paymentMethodUnavailable } from '../problems.ts';
import { publicOrigin } from '../public-url.ts';
import { startCreemCheckout } from './checkout.service.ts';
import { creemConnection, creemWebhookSecret } from './creem-connection.ts';
import { verifyCreemReturn as verifyReturn } from './return.service.ts';
import { handleCreemWebhook } from './webhook.service.ts';

export const creemHandlers = {
  async createCreemCheckout(ctx, { body, caller }) {
    const settings = await new AdminSettingsRepository(ctx.state.em).get();
    const connection = creemConnection(settings, ctx.services.config, ctx.state.em);
    if (!isCardPaymentAvailable(settings, ctx.services.config) || !connection) throw paymentMethodUnavailable('Card payment');
    // Only the package counts (the other fields are ignored), so only it decides whether a repeat is the same call.
    return oncePerKey(ctx, caller.id, { packageId: body.packageId }, async () => {
      const result = await startCreemCheckout(ctx.state.em, ctx.services.logger, {
        userId: caller.id,
        packageId: body.packageId,
        connection,
        sandbox: isSandboxPayment(settings, ctx.services.config),
        // No query string of our own: Creem's redirect signature covers every parameter of the URL.
        successUrl: `${publicOrigin(ctx, 'Card payment')}/purchase-credits`,
      });
      return { status: 201 as const, body: result };
    });
  },

  async receiveCreemWebhook(ctx) {
    // Payments already under way are honoured while card payment is switched off, as long as the secret is set.
    const secret = creemWebhookSecret(await new AdminSettingsRepository(ctx.state.em).get());
    if (!secret) throw paymentMethodUnavailable('Card payment');
    const { ack } = await handleCreemWebhook(ctx.state.em, ctx.services.logger, {
      rawBody: ctx.request.rawBody,
      signature: ctx.get('creem-signature') || undefined,
      secret,
    });
    return { status: 200, body: ack };
  },

  async verifyCreemReturn(ctx, { caller }) {
    const connection = creemConnection(await new AdminSettingsRepository(ctx.state.em).get(), ctx.services.config, ctx.state.em);
    if (!connection) throw paymentMethodUnavailable('Card payment');
    const { order } = await verifyReturn(ctx.state.em, ctx.services.logger, {
      userId: caller.id,
      querystring: ctx.querystring,
      connection,
    });
    return { status: 200, body: presentPaymentOrder(order) };
  },
} satisfies HandlersFor<[typeof createCreemCheckout, typeof receiveCreemWebhook, typeof verifyCreemReturn]>;
