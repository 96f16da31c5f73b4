import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakePayPal, startFakePayPal } from '../../../test/fakes/paypal-server.ts';
import { PAYPAL_BASE_URLS, PayPalApiError, PayPalClient, type PayPalClientOptions } from './client.ts';
import { checkCapturedPayment } from './verify.ts';

let paypal: FakePayPal;
beforeAll(async () => {
  paypal = await startFakePayPal();
});
afterAll(() => paypal.close());
beforeEach(() => {
  paypal.setCaptureOutcome('COMPLETED');
});

const newClient = (extra: Partial<PayPalClientOptions> = {}) =>
  new PayPalClient({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, environment: 'sandbox', baseUrl: paypal.url, ...extra });

const orderInput = (internalOrderId = `ord-${randomUUID()}`) => ({
  internalOrderId,
  amount: '10.00',
  currency: 'USD',
  description: '500 credits',
  requestId: randomUUID(),
  returnUrl: 'https://app.test/paypal/return',
  cancelUrl: 'https://app.test/paypal/cancel',
});

/** Creates and approves an order; returns the client, the order id and our order id. */
async function approvedOrder(client = newClient()) {
  const input = orderInput();
  const order = await client.createOrder(input);
  paypal.approve(order.id);
  return { client, orderId: order.id, internalOrderId: input.internalOrderId };
}

describe('access token', () => {
  it('fetches one token with Basic auth and reuses it for several requests', async () => {
    const before = paypal.tokenCalls();
    const client = newClient();
    await Promise.all([client.createOrder(orderInput()), client.createOrder(orderInput()), client.generateClientToken()]);
    await client.createOrder(orderInput());
    expect(paypal.tokenCalls() - before).toBe(1);
    const tokenReq = paypal.requests.find((r) => r.path === '/v1/oauth2/token');
    const basic = Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64');
    expect(tokenReq?.headers.authorization).toBe(`Basic ${basic}`);
    expect(tokenReq?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenReq?.body).toBe('grant_type=client_credentials');
    // PayPal's server SDK builds every request, pointed at this host.
    expect(tokenReq?.headers['user-agent']).toMatch(/^PayPal REST API TypeScript SDK/);
    expect(paypal.requests.filter((r) => r.path === '/v2/checkout/orders').at(-1)?.headers['user-agent']).toMatch(
      /^PayPal REST API TypeScript SDK/,
    );
  });

  it('refreshes the token shortly before expires_in', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-01T00:00:00Z') });
    try {
      const client = newClient();
      const before = paypal.tokenCalls();
      await client.getAccessToken();
      vi.setSystemTime(Date.now() + (32400 - 301) * 1000); // still more than 5 min left
      await client.generateClientToken();
      expect(paypal.tokenCalls() - before).toBe(1);
      vi.setSystemTime(Date.now() + 2000); // inside the 5 min margin
      await client.generateClientToken();
      expect(paypal.tokenCalls() - before).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gets a new token and retries once when the cached one is rejected', async () => {
    const client = newClient();
    await client.getAccessToken();
    paypal.revokeTokens();
    const before = paypal.tokenCalls();
    const order = await client.createOrder(orderInput());
    expect(order.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(paypal.tokenCalls() - before).toBe(1);
  });

  it('maps bad client credentials to an auth error', async () => {
    const client = newClient({ clientSecret: 'wrong' });
    const err = await client.createOrder(orderInput()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayPalApiError);
    expect(err).toMatchObject({ kind: 'auth', status: 401, issue: 'invalid_client' });
  });

  it('knows the documented hosts', () => {
    expect(PAYPAL_BASE_URLS).toEqual({ sandbox: 'https://api-m.sandbox.paypal.com', production: 'https://api-m.paypal.com' });
    expect(new PayPalClient({ clientId: 'a', clientSecret: 'b', environment: 'production' }).baseUrl).toBe('https://api-m.paypal.com');
  });
});

describe('createOrder', () => {
  it('sends intent CAPTURE, our order id as reference_id/custom_id, the request id and the experience context', async () => {
    const input = orderInput('order-42');
    const order = await newClient().createOrder(input);
    const req = paypal.requests.filter((r) => r.path === '/v2/checkout/orders').at(-1);
    expect(req?.headers['paypal-request-id']).toBe(input.requestId);
    expect(req?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(req?.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        { reference_id: 'order-42', custom_id: 'order-42', description: '500 credits', amount: { currency_code: 'USD', value: '10.00' } },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://app.test/paypal/return',
            cancel_url: 'https://app.test/paypal/cancel',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    expect(order.approveUrl).toBe(`${paypal.url}/checkoutnow?token=${order.id}`);
  });

  it('is idempotent per PayPal-Request-Id', async () => {
    const client = newClient();
    const input = orderInput();
    const a = await client.createOrder(input);
    const b = await client.createOrder(input);
    const c = await client.createOrder({ ...input, requestId: randomUUID() });
    expect(b.id).toBe(a.id);
    expect(c.id).not.toBe(a.id);
  });

  it('refuses a non-decimal amount before calling PayPal', async () => {
    const client = newClient();
    const count = paypal.requests.length;
    await expect(client.createOrder({ ...orderInput(), amount: '1e3' })).rejects.toThrow(/decimal string/);
    expect(paypal.requests.length).toBe(count);
  });

  it('maps a 422 with details to a typed error carrying the issue and debug id', async () => {
    const err = await newClient()
      .createOrder({ ...orderInput(), amount: '10.001' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unprocessable', status: 422, errorName: 'UNPROCESSABLE_ENTITY', issue: 'DECIMAL_PRECISION' });
    expect((err as PayPalApiError).debugId).toMatch(/^[0-9a-f]{14}$/);
    expect((err as Error).message).toContain(`paypal-debug-id ${(err as PayPalApiError).debugId}`);
  });

  it('logs the paypal debug id of failures', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const client = newClient({ logger: { warn: (obj) => logged.push(obj) } });
    await client.getOrder('NOPE').catch(() => undefined);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ status: 404, issue: 'INVALID_RESOURCE_ID' });
    expect(logged[0]?.paypalDebugId).toMatch(/^[0-9a-f]+$/);
  });
});

describe('approval page', () => {
  it('redirects the browser to return_url with token and PayerID after approval', async () => {
    const order = await newClient().createOrder(orderInput());
    const page = await fetch(order.approveUrl ?? '');
    expect(await page.text()).toContain('10.00 USD');
    const res = await fetch(`${paypal.url}/checkoutnow/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token: order.id }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://app.test/paypal/return');
    expect(location.searchParams.get('token')).toBe(order.id);
    expect(location.searchParams.get('PayerID')).toMatch(/^PAYER/);
  });

  it('sends the browser to cancel_url on cancel', async () => {
    const order = await newClient().createOrder(orderInput());
    const res = await fetch(`${paypal.url}/checkoutnow/cancel`, {
      method: 'POST',
      body: new URLSearchParams({ token: order.id }),
      redirect: 'manual',
    });
    expect(res.headers.get('location')).toBe(`https://app.test/paypal/cancel?token=${order.id}`);
  });
});

describe('captureOrder', () => {
  it('returns a normalized COMPLETED capture that passes the payment check', async () => {
    const { client, orderId, internalOrderId } = await approvedOrder();
    const requestId = randomUUID();
    const result = await client.captureOrder(orderId, requestId);
    const req = paypal.requests.filter((r) => r.path.endsWith('/capture')).at(-1);
    expect(req?.headers.prefer).toBe('return=representation');
    expect(req?.headers['paypal-request-id']).toBe(requestId);
    expect(result).toMatchObject({
      orderId,
      orderStatus: 'COMPLETED',
      referenceId: internalOrderId,
      alreadyCaptured: false,
      capture: { status: 'COMPLETED', amount: { currency_code: 'USD', value: '10.00' }, customId: internalOrderId },
    });
    expect(checkCapturedPayment({ result, expected: { customId: internalOrderId, currency: 'USD', value: '10.00' } })).toEqual({
      ok: true,
      captureId: result.capture?.id,
    });
  });

  it('reports PENDING as pending, not paid', async () => {
    paypal.setCaptureOutcome('PENDING');
    const { client, orderId, internalOrderId } = await approvedOrder();
    const result = await client.captureOrder(orderId, randomUUID());
    expect(result.capture).toMatchObject({ status: 'PENDING', statusReason: 'PENDING_REVIEW' });
    expect(checkCapturedPayment({ result, expected: { customId: internalOrderId, currency: 'USD', value: '10.00' } })).toMatchObject({
      ok: false,
      reason: 'pending',
    });
  });

  it('reports a DECLINED capture on a COMPLETED order as declined', async () => {
    paypal.setCaptureOutcome('DECLINED');
    const { client, orderId, internalOrderId } = await approvedOrder();
    const result = await client.captureOrder(orderId, randomUUID());
    expect(result.orderStatus).toBe('COMPLETED');
    expect(checkCapturedPayment({ result, expected: { customId: internalOrderId, currency: 'USD', value: '10.00' } })).toMatchObject({
      ok: false,
      reason: 'declined',
    });
  });

  it('throws INSTRUMENT_DECLINED as a typed 422', async () => {
    paypal.setCaptureOutcome('INSTRUMENT_DECLINED');
    const { client, orderId } = await approvedOrder();
    await expect(client.captureOrder(orderId, randomUUID())).rejects.toMatchObject({ kind: 'unprocessable', issue: 'INSTRUMENT_DECLINED' });
  });

  it('throws ORDER_NOT_APPROVED before the buyer approved', async () => {
    const client = newClient();
    const order = await client.createOrder(orderInput());
    await expect(client.captureOrder(order.id, randomUUID())).rejects.toMatchObject({ issue: 'ORDER_NOT_APPROVED', status: 422 });
  });

  it('answers a second capture (ORDER_ALREADY_CAPTURED) with the order read by GET', async () => {
    const { client, orderId, internalOrderId } = await approvedOrder();
    const first = await client.captureOrder(orderId, randomUUID());
    const second = await client.captureOrder(orderId, randomUUID());
    expect(second.alreadyCaptured).toBe(true);
    expect(second.capture?.id).toBe(first.capture?.id);
    expect(paypal.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/checkout/orders/${orderId}` });
    expect(paypal.capturesPerformed(orderId)).toBe(1);
    expect(checkCapturedPayment({ result: second, expected: { customId: internalOrderId, currency: 'USD', value: '10.00' } }).ok).toBe(
      true,
    );
  });

  it('retries a dropped capture with the same request id and gets the first result back', async () => {
    const { client, orderId } = await approvedOrder();
    paypal.failNextCapture({ mode: 'drop' });
    const requestId = randomUUID();
    const result = await client.captureOrder(orderId, requestId);
    expect(result.capture?.status).toBe('COMPLETED');
    expect(result.alreadyCaptured).toBe(false);
    expect(paypal.captureCalls(orderId)).toBe(2);
    expect(paypal.capturesPerformed(orderId)).toBe(1);
    const ids = paypal.requests.filter((r) => r.path.endsWith(`${orderId}/capture`)).map((r) => r.headers['paypal-request-id']);
    expect(ids).toEqual([requestId, requestId]);
  });

  it('retries a capture that answers too late', async () => {
    const { orderId } = await approvedOrder();
    const client = newClient({ timeoutMs: 1000 });
    paypal.failNextCapture({ mode: 'delay', ms: 4000 });
    const result = await client.captureOrder(orderId, randomUUID());
    expect(result.capture?.status).toBe('COMPLETED');
    expect(paypal.captureCalls(orderId)).toBe(2);
  });

  it('gives up with a timeout error when retries are exhausted', async () => {
    const { orderId } = await approvedOrder();
    const client = newClient({ timeoutMs: 200, captureAttempts: 1 });
    paypal.failNextCapture({ mode: 'delay', ms: 1000 });
    await expect(client.captureOrder(orderId, randomUUID())).rejects.toMatchObject({ kind: 'timeout', status: 0 });
  });
});

describe('getOrder and generateClientToken', () => {
  it('reads an uncaptured order without a capture', async () => {
    const client = newClient();
    const input = orderInput();
    const order = await client.createOrder(input);
    const snapshot = await client.getOrder(order.id);
    expect(snapshot).toMatchObject({
      orderId: order.id,
      orderStatus: 'PAYER_ACTION_REQUIRED',
      capture: null,
      referenceId: input.internalOrderId,
    });
    expect(
      checkCapturedPayment({ result: snapshot, expected: { customId: input.internalOrderId, currency: 'USD', value: '10.00' } }),
    ).toMatchObject({
      ok: false,
      reason: 'order_not_completed',
    });
  });

  it('maps an unknown order to not_found', async () => {
    await expect(newClient().getOrder('UNKNOWN123')).rejects.toMatchObject({ kind: 'not_found', issue: 'INVALID_RESOURCE_ID' });
  });

  it('returns a client token', async () => {
    const token = await newClient().generateClientToken();
    expect(token.length).toBeGreaterThan(20);
    expect(paypal.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/identity/generate-token' });
  });
});
