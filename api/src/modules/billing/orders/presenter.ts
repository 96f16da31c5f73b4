// Orders to the contract's wire shape.
import type { PaymentOrder } from '@app/contract';
import { minorUnitsToPrice } from '../money.ts';
import type { Order } from './order.entity.ts';

/** An order as its buyer sees it: exact decimal amount, ISO dates, no provider internals. */
export function presentPaymentOrder(order: Order): PaymentOrder {
  return {
    orderId: order.id,
    provider: order.provider,
    status: order.status,
    packageId: order.package?.id ?? null,
    packageName: order.packageName,
    credits: order.credits,
    amount: minorUnitsToPrice(order.amountMinor),
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}
