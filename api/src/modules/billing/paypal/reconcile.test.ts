// The PayPal sweep against the fake PayPal: abandoned approvals and held captures are settled once, nothing else.
import type { PayPalOrderResponse } from '@app/contract';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../orders/order.entity.ts';
import { type Buyer, type PaymentsKit, startPaymentsKit } from '../testing.ts';
import { RECONCILE_MAX_AGE_MS, RECONCILE_MIN_AGE_MS, reconcilePayPalOrders } from './reconcile.ts';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(() => kit.close());
afterEach(async () => {
  kit.paypal.setCaptureOutcome('COMPLETED');
  // Settle every order this test left pending, so the next test's sweep only sees its own.
  await kit.server.orm.em.fork().nativeUpdate(Order, { provider: 'paypal', status: 'pending' }, { status: 'failed' });
  expect(await kit.mismatches()).toEqual([]);
});

const logger = pino({ level: 'silent' });
/** A sweep as the server runs it, `ahead` ms from now (orders must be old enough to be swept). */
const sweep = (ahead = RECONCILE_MIN_AGE_MS + 1000) =>
  reconcilePayPalOrders({ orm: kit.server.orm, config: kit.server.config, logger }, new Date(Date.now() + ahead));

async function createOrder(buyer: Buyer): Promise<PayPalOrderResponse> {
  const res = await kit.server.request<PayPalOrderResponse>('POST', '/paypal/order', {
    cookie: buyer.cookie,
    body: { packageId: kit.packageId },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('PayPal reconcile sweep', () => {
  it('captures an order the buyer approved but never came back for, and grants it once', async () => {
    const buyer = await kit.buyer();
    const created = await createOrder(buyer);
    kit.paypal.approve(created.id);

    expect(await sweep()).toEqual({ checked: 1, granted: 1 });
    expect((await kit.order(created.orderId)).status).toBe('paid');
    expect(await kit.credits(buyer.id)).toBe(1200);

    // Paid orders are not swept again; the buyer's late return finds it paid without a second grant.
    expect(await sweep()).toEqual({ checked: 0, granted: 0 });
    const late = await kit.server.request<{ status: string }>('POST', `/paypal/order/${created.id}/capture`, {
      cookie: buyer.cookie,
      body: {},
    });
    expect(late.body.status).toBe('paid');
    expect(kit.paypal.captureCalls(created.id)).toBe(1);
    expect(await kit.purchases(buyer.id)).toHaveLength(1);
  });

  it('settles a held (PENDING) capture once PayPal completes it, without capturing again', async () => {
    const buyer = await kit.buyer();
    const created = await createOrder(buyer);
    kit.paypal.approve(created.id);
    kit.paypal.setCaptureOutcome('PENDING');
    const first = await kit.server.request<{ status: string }>('POST', `/paypal/order/${created.id}/capture`, {
      cookie: buyer.cookie,
      body: {},
    });
    expect(first.body.status).toBe('pending');

    expect(await sweep()).toEqual({ checked: 1, granted: 0 });
    const held = kit.paypal.orders.get(created.id)?.capture;
    if (held) held.status = 'COMPLETED';
    expect(await sweep()).toEqual({ checked: 1, granted: 1 });
    expect(await kit.credits(buyer.id)).toBe(1200);
    expect(kit.paypal.captureCalls(created.id)).toBe(1);
  });

  it('only reads an order that was never approved: no capture attempt, still pending', async () => {
    const buyer = await kit.buyer();
    const created = await createOrder(buyer);
    expect(await sweep()).toEqual({ checked: 1, granted: 0 });
    expect(kit.paypal.captureCalls(created.id)).toBe(0);
    expect((await kit.order(created.orderId)).status).toBe('pending');
    expect(await kit.credits(buyer.id)).toBe(0);
  });

  it('leaves orders younger than 2 minutes (the buyer is on the way back) and older than 3 days', async () => {
    const buyer = await kit.buyer();
    const created = await createOrder(buyer);
    kit.paypal.approve(created.id);
    expect(await sweep(0)).toEqual({ checked: 0, granted: 0 });
    expect(await sweep(RECONCILE_MAX_AGE_MS + 60_000)).toEqual({ checked: 0, granted: 0 });
    expect(kit.paypal.captureCalls(created.id)).toBe(0);
    expect((await kit.order(created.orderId)).status).toBe('pending');
  });
});
