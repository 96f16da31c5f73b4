// PayPal: environment, client token, order creation and capture.
import type { capturePayPalOrder, createPayPalOrder, getPayPalEnvironment, getPayPalSetup } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { oncePerKey } from '../../idempotency/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { presentPaymentOrder } from '../orders/presenter.ts';
import { isPaypalAvailable } from '../pricing.service.ts';
import { paymentMethodUnavailable, providerFailed } from '../problems.ts';
import { publicOrigin } from '../public-url.ts';
import { capturePayPalPayment } from './capture.service.ts';
import { startPayPalOrder } from './order.service.ts';
import { paypalClientFor } from './paypal-client.ts';

/** The client for new payments: only while PayPal is enabled and configured (503 otherwise). */
async function clientForNewPayments(ctx: AppContext) {
  const settings = await new AdminSettingsRepository(ctx.state.em).get();
  const client = paypalClientFor(settings, ctx.services.config, ctx.services.logger);
  if (!isPaypalAvailable(settings) || !client) throw paymentMethodUnavailable('PayPal');
  return client;
}

export const paypalHandlers = {
  async getPayPalEnvironment(ctx) {
    const settings = await new AdminSettingsRepository(ctx.state.em).get();
    return { status: 200, body: { paypalEnvironment: settings.paypalEnvironment } };
  },

  async getPayPalSetup(ctx) {
    const client = await clientForNewPayments(ctx);
    try {
      return { status: 200, body: { clientToken: await client.generateClientToken() } };
    } catch (error) {
      ctx.services.logger.error({ err: error }, 'PayPal client token failed');
      throw providerFailed('PayPal', error);
    }
  },

  async createPayPalOrder(ctx, { body, caller }) {
    const client = await clientForNewPayments(ctx);
    const origin = publicOrigin(ctx, 'PayPal');
    // Only the package counts (the other fields are ignored), so only it decides whether a repeat is the same call.
    return oncePerKey(ctx, caller.id, { packageId: body.packageId }, async () => {
      const created = await startPayPalOrder(ctx.state.em, ctx.services.logger, {
        userId: caller.id,
        packageId: body.packageId,
        client,
        origin,
      });
      return { status: 201 as const, body: created };
    });
  },

  async capturePayPalOrder(ctx, { params, caller }) {
    // An approved payment is captured even while PayPal is switched off for new payments: the buyer already paid.
    const settings = await new AdminSettingsRepository(ctx.state.em).get();
    const client = paypalClientFor(settings, ctx.services.config, ctx.services.logger);
    if (!client) throw paymentMethodUnavailable('PayPal');
    const { order } = await capturePayPalPayment(ctx.state.em, ctx.services.logger, {
      userId: caller.id,
      paypalOrderId: params.orderId,
      client,
    });
    return { status: 200, body: presentPaymentOrder(order) };
  },
} satisfies HandlersFor<[typeof getPayPalEnvironment, typeof getPayPalSetup, typeof createPayPalOrder, typeof capturePayPalOrder]>;
