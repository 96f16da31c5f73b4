// PayPal tells us nothing when a buyer approves and then closes the tab before coming back, or when a held
// (PENDING) capture completes later: both wait for a capture call from the browser that may never come. This
// sweep makes that call for them, through the same capture and settlement as the browser's (granted once).
import type { Logger } from 'pino';
import { HttpProblem } from '../../../errors.ts';
import type { AppServices } from '../../../http/context.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { Order } from '../orders/order.entity.ts';
import { capturePayPalPayment } from './capture.service.ts';
import { paypalClientFor } from './paypal-client.ts';

/** The buyer's own return normally captures within seconds; the sweep leaves them that time. */
export const RECONCILE_MIN_AGE_MS = 2 * 60_000;
/** PayPal lets an approved order be captured for about 3 days; older pending orders are left alone. */
export const RECONCILE_MAX_AGE_MS = 3 * 24 * 60 * 60_000;
const BATCH = 50;

export interface ReconcileResult {
  checked: number;
  granted: number;
}

/**
 * Settles pending PayPal orders between 2 minutes and 3 days old: an order with a held capture is read again,
 * an order the buyer approved is captured; orders not approved are only read (a capture attempt would be
 * refused and could be replayed to the buyer's own capture under the same request id).
 */
export async function reconcilePayPalOrders(
  services: Pick<AppServices, 'orm' | 'config' | 'logger'>,
  now = new Date(),
): Promise<ReconcileResult> {
  const em = services.orm.em.fork();
  const client = paypalClientFor(await new AdminSettingsRepository(em).get(), services.config, services.logger);
  if (!client) return { checked: 0, granted: 0 };
  const due = await em.find(
    Order,
    {
      provider: 'paypal',
      status: 'pending',
      paypalOrderId: { $ne: null },
      createdAt: { $lte: new Date(now.getTime() - RECONCILE_MIN_AGE_MS), $gte: new Date(now.getTime() - RECONCILE_MAX_AGE_MS) },
    },
    { orderBy: { createdAt: 'asc' }, limit: BATCH },
  );
  let granted = 0;
  for (const order of due) {
    const paypalOrderId = order.paypalOrderId ?? '';
    try {
      if (!order.paypalCaptureId) {
        const snapshot = await client.getOrder(paypalOrderId);
        if (snapshot.orderStatus !== 'APPROVED' && !snapshot.capture) continue;
      }
      const settled = await capturePayPalPayment(services.orm.em.fork(), services.logger, {
        userId: order.user.id,
        paypalOrderId,
        client,
      });
      if (settled.granted) {
        granted++;
      }
    } catch (error) {
      logOutcome(services.logger, order.id, error);
    }
  }
  return { checked: due.length, granted };
}

/** A refused payment is an outcome (the order is already marked); anything else is worth a warning. */
function logOutcome(logger: Logger, orderId: string, error: unknown): void {
  if (error instanceof HttpProblem && error.status < 500) logger.info({ orderId, code: error.code }, 'PayPal reconcile: not granted');
  else logger.warn({ err: error, orderId }, 'PayPal reconcile failed');
}
