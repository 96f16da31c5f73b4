// PayPal end to end: our API against the fake PayPal (real adapter, approve page, idempotent captures).
import type {
  PaymentOrder,
  PayPalEnvironmentResponse,
  PayPalOrderResponse,
  PayPalSetupResponse,
  Pricing,
  Problem,
  TransactionList,
  UserStats,
} from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient } from '../../../providers/paypal/index.ts';
import { Order } from '../orders/order.entity.ts';
import { type Buyer, type PaymentsKit, startPaymentsKit } from '../testing.ts';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(() => kit.close());
afterEach(async () => {
  kit.paypal.setCaptureOutcome('COMPLETED');
  // The books must balance after every scenario, whatever it did.
  expect(await kit.mismatches()).toEqual([]);
});

async function createOrder(buyer: Buyer, body: Record<string, unknown> = {}) {
  const res = await kit.server.request<PayPalOrderResponse>('POST', '/paypal/order', {
    cookie: buyer.cookie,
    body: { packageId: kit.packageId, ...body },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Creates and approves an order as the buyer would on PayPal's page. */
async function approvedOrder(buyer: Buyer) {
  const created = await createOrder(buyer);
  kit.paypal.approve(created.id);
  return created;
}

const capture = <T = PaymentOrder>(buyer: Buyer, paypalOrderId: string) =>
  kit.server.request<T>('POST', `/paypal/order/${paypalOrderId}/capture`, { cookie: buyer.cookie, body: { packageId: kit.packageId } });

describe('a full PayPal purchase', () => {
  it('create order -> approve link -> return to /pricing -> capture grants once', async () => {
    const buyer = await kit.buyer();
    // The browser's amount, currency and intent are ignored: only packageId is used.
    const created = await createOrder(buyer, { amount: '0.01', currency: 'EUR', intent: 'AUTHORIZE' });
    const sent = kit.paypal.requests.find(
      (r) => r.method === 'POST' && r.path === '/v2/checkout/orders' && r.headers['paypal-request-id'] === created.orderId,
    );
    expect(sent?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: created.orderId, amount: { currency_code: 'USD', value: '10.00' } }],
    });
    const order = await kit.order(created.orderId);
    expect(order).toMatchObject({ status: 'pending', provider: 'paypal', paypalOrderId: created.id, amountMinor: 1000, credits: 1200 });

    // The buyer follows the approve link and presses Approve; PayPal sends the browser back to /pricing.
    expect(created.approveUrl).toBe(`${kit.paypal.url}/checkoutnow?token=${created.id}`);
    expect(await (await fetch(created.approveUrl ?? '')).text()).toContain('10.00 USD');
    const approved = await fetch(`${kit.paypal.url}/checkoutnow/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token: created.id }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    const back = new URL(approved.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${kit.server.url}/pricing`);
    expect(back.searchParams.get('payment')).toBe('paypal_return');
    expect(back.searchParams.get('token')).toBe(created.id);

    const captured = await capture(buyer, back.searchParams.get('token') ?? '');
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ orderId: created.orderId, provider: 'paypal', status: 'paid', credits: 1200, amount: '10.00' });
    expect(await kit.credits(buyer.id)).toBe(1200);
    expect((await kit.order(created.orderId)).paypalCaptureId).toBe(kit.paypal.orders.get(created.id)?.capture?.id);

    const history = await kit.server.request<TransactionList>('GET', '/api/transactions', { cookie: buyer.cookie });
    expect(history.body.data[0]).toMatchObject({ type: 'purchase', amount: 1200, orderId: created.orderId });
    expect((await kit.server.request<UserStats>('GET', '/api/user/stats', { cookie: buyer.cookie })).body.totalSpent).toBe(10);

    // Capturing again answers the paid order without asking PayPal or granting twice.
    const again = await capture(buyer, created.id);
    expect(again.body.status).toBe('paid');
    expect(kit.paypal.captureCalls(created.id)).toBe(1);
    expect(await kit.purchases(buyer.id)).toHaveLength(1);

    await kit.notifier().idle();
    expect(kit.telegram.messages.some((m) => m.plainText.includes(created.orderId) && m.plainText.includes('paypal'))).toBe(true);
  });
});

describe('captures that must grant exactly once', () => {
  it('a capture whose answer was lost is retried with the same PayPal-Request-Id and grants once', async () => {
    const buyer = await kit.buyer();
    const created = await approvedOrder(buyer);
    kit.paypal.failNextCapture({ mode: 'drop' });
    const captured = await capture(buyer, created.id);
    expect(captured.body.status).toBe('paid');
    expect(kit.paypal.captureCalls(created.id)).toBe(2);
    expect(kit.paypal.capturesPerformed(created.id)).toBe(1);
    const ids = kit.paypal.requests.filter((r) => r.path.endsWith(`${created.id}/capture`)).map((r) => r.headers['paypal-request-id']);
    expect(ids).toEqual([`capture-${created.orderId}-0`, `capture-${created.orderId}-0`]);
    // The browser retries too (it never saw the answer either): still one grant.
    expect((await capture(buyer, created.id)).body.status).toBe('paid');
    expect(await kit.credits(buyer.id)).toBe(1200);
    expect(await kit.purchases(buyer.id)).toHaveLength(1);
  });

  it('an order PayPal already captured (ORDER_ALREADY_CAPTURED) is read back and granted once', async () => {
    const buyer = await kit.buyer();
    const created = await approvedOrder(buyer);
    // Another capture of the same order under a different request id, e.g. from an earlier server process.
    const other = new PayPalClient({
      clientId: kit.paypal.clientId,
      clientSecret: kit.paypal.clientSecret,
      environment: 'sandbox',
      baseUrl: kit.paypal.url,
    });
    await other.captureOrder(created.id, 'someone-else');
    const captured = await capture(buyer, created.id);
    expect(captured.body.status).toBe('paid');
    expect(kit.paypal.capturesPerformed(created.id)).toBe(1);
    expect(await kit.credits(buyer.id)).toBe(1200);
  });

  it('concurrent captures of one order grant once', async () => {
    const buyer = await kit.buyer();
    const created = await approvedOrder(buyer);
    const results = await Promise.all(Array.from({ length: 5 }, () => capture<PaymentOrder | Problem>(buyer, created.id)));
    expect(results.filter((r) => r.status === 200 && (r.body as PaymentOrder).status === 'paid').length).toBeGreaterThan(0);
    expect(kit.paypal.capturesPerformed(created.id)).toBe(1);
    expect(await kit.credits(buyer.id)).toBe(1200);
    expect(await kit.purchases(buyer.id)).toHaveLength(1);
  });
});

describe('captures that must not grant', () => {
  it('PENDING answers pending with no credits; a later call settles it once completed', async () => {
    const buyer = await kit.buyer();
    const created = await approvedOrder(buyer);
    kit.paypal.setCaptureOutcome('PENDING');
    const first = await capture(buyer, created.id);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('pending');
    expect(await kit.credits(buyer.id)).toBe(0);
    const captureId = kit.paypal.orders.get(created.id)?.capture?.id;
    expect((await kit.order(created.orderId)).paypalCaptureId).toBe(captureId);

    // Still pending at PayPal: still pending here, and PayPal is read, not captured again.
    expect((await capture(buyer, created.id)).body.status).toBe('pending');
    expect(kit.paypal.captureCalls(created.id)).toBe(1);

    const held = kit.paypal.orders.get(created.id)?.capture;
    if (held) held.status = 'COMPLETED';
    expect((await capture(buyer, created.id)).body.status).toBe('paid');
    expect(await kit.credits(buyer.id)).toBe(1200);
    expect(await kit.purchases(buyer.id)).toHaveLength(1);
  });

  it('DECLINED answers 422 payment_declined and fails the order', async () => {
    const buyer = await kit.buyer();
    const created = await approvedOrder(buyer);
    kit.paypal.setCaptureOutcome('DECLINED');
    const res = await capture<Problem>(buyer, created.id);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('payment_declined');
    const order = await kit.order(created.orderId);
    expect(order.status).toBe('failed');
    expect(order.failureReason).toContain('DECLINED');
    expect(await kit.credits(buyer.id)).toBe(0);
    // Asking again reads the same declined capture: still failed, still nothing.
    expect((await capture<Problem>(buyer, created.id)).status).toBe(422);
    expect(await kit.credits(buyer.id)).toBe(0);
  });

  it('a declined instrument can be retried with another funding source under a new request id', async () => {
    const buyer = await kit.buyer();
    const created = await approvedOrder(buyer);
    kit.paypal.setCaptureOutcome('INSTRUMENT_DECLINED');
    const refused = await capture<Problem>(buyer, created.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'instrument_declined', retryable: true });
    expect(await kit.order(created.orderId)).toMatchObject({ status: 'pending', captureAttempt: 1 });
    kit.paypal.setCaptureOutcome('COMPLETED');
    expect((await capture(buyer, created.id)).body.status).toBe('paid');
    const ids = kit.paypal.requests.filter((r) => r.path.endsWith(`${created.id}/capture`)).map((r) => r.headers['paypal-request-id']);
    expect(ids).toEqual([`capture-${created.orderId}-0`, `capture-${created.orderId}-1`]);
    expect(await kit.credits(buyer.id)).toBe(1200);
  });

  it('a capture of another amount answers 422 payment_mismatch and fails the order', async () => {
    const buyer = await kit.buyer();
    const created = await approvedOrder(buyer);
    const upstream = kit.paypal.orders.get(created.id);
    if (upstream) upstream.purchaseUnit.amount.value = '1.00';
    const res = await capture<Problem>(buyer, created.id);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('payment_mismatch');
    expect((await kit.order(created.orderId)).status).toBe('failed');
    expect(await kit.credits(buyer.id)).toBe(0);
  });

  it('an order not approved yet answers 422 and stays pending', async () => {
    const buyer = await kit.buyer();
    const created = await createOrder(buyer);
    const res = await capture<Problem>(buyer, created.id);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('payment_not_completed');
    expect((await kit.order(created.orderId)).status).toBe('pending');
  });

  it("user B cannot capture user A's order (404, nothing sent to PayPal)", async () => {
    const alice = await kit.buyer();
    const bob = await kit.buyer();
    const created = await approvedOrder(alice);
    const res = await capture<Problem>(bob, created.id);
    expect(res.status).toBe(404);
    expect(kit.paypal.captureCalls(created.id)).toBe(0);
    expect(await kit.credits(bob.id)).toBe(0);
    expect(await kit.credits(alice.id)).toBe(0);
  });

  it('answers 404 for an order id we never issued and 401 without a session', async () => {
    const buyer = await kit.buyer();
    expect((await capture<Problem>(buyer, 'NOSUCHORDER123')).status).toBe(404);
    const anonymous = await kit.server.request<Problem>('POST', '/paypal/order/NOSUCHORDER123/capture', { body: {} });
    expect(anonymous.status).toBe(401);
  });
});

describe('PayPal settings', () => {
  it('GET /api/paypal/environment answers the configured environment to anyone', async () => {
    const sandbox = await kit.server.request<PayPalEnvironmentResponse>('GET', '/api/paypal/environment');
    expect(sandbox.body).toEqual({ paypalEnvironment: 'sandbox' });
    await kit.settings({ paypalEnvironment: 'production' });
    try {
      expect((await kit.server.request<PayPalEnvironmentResponse>('GET', '/api/paypal/environment')).body.paypalEnvironment).toBe(
        'production',
      );
    } finally {
      await kit.settings({ paypalEnvironment: 'sandbox' });
    }
  });

  it('GET /paypal/setup hands out a client token from PayPal', async () => {
    const buyer = await kit.buyer();
    const res = await kit.server.request<PayPalSetupResponse>('GET', '/paypal/setup', { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(res.body.clientToken.length).toBeGreaterThan(20);
    expect(kit.paypal.requests.at(-1)?.path).toBe('/v1/identity/generate-token');
  });

  it('answers 503 and hides PayPal when switched off or not configured, yet captures approved payments', async () => {
    const buyer = await kit.buyer();
    const created = await approvedOrder(buyer);
    for (const off of [{ paypalEnabled: false }, { paypalClientSecret: null }, { paypalClientId: '  ' }]) {
      await kit.settings(off);
      try {
        for (const [method, path] of [
          ['GET', '/paypal/setup'],
          ['POST', '/paypal/order'],
        ] as const) {
          const res = await kit.server.request<Problem>(method, path, {
            cookie: buyer.cookie,
            ...(method === 'POST' && { body: { packageId: kit.packageId } }),
          });
          expect(res.status).toBe(503);
          expect(res.body.code).toBe('payment_method_unavailable');
        }
        expect((await kit.server.request<Pricing>('GET', '/api/pricing/current')).body.paypalEnabled).toBe(false);
      } finally {
        await kit.settings({ paypalEnabled: true, paypalClientId: kit.paypal.clientId, paypalClientSecret: kit.paypal.clientSecret });
      }
    }
    await kit.settings({ paypalEnabled: false });
    try {
      expect((await capture(buyer, created.id)).body.status).toBe('paid');
    } finally {
      await kit.settings({ paypalEnabled: true });
    }
    expect(await kit.credits(buyer.id)).toBe(1200);
  });

  it('answers 400 for an unknown package and 502 (order failed) when PayPal refuses the credentials', async () => {
    const buyer = await kit.buyer();
    const unknown = await kit.server.request<Problem>('POST', '/paypal/order', {
      cookie: buyer.cookie,
      body: { packageId: crypto.randomUUID() },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('package_unavailable');
    await kit.settings({ paypalClientSecret: 'wrong-secret' });
    try {
      const res = await kit.server.request<Problem>('POST', '/paypal/order', { cookie: buyer.cookie, body: { packageId: kit.packageId } });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('payment_provider_failed');
    } finally {
      await kit.settings({ paypalClientSecret: kit.paypal.clientSecret });
    }
    const [failed] = await kit.server.orm.em.fork().find(Order, { user: buyer.id });
    expect(failed?.status).toBe('failed');
  });
});
