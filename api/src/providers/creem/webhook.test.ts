import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCreem, startFakeCreem } from '../../../test/fakes/creem-server.ts';
import { createCheckout } from './client.ts';
import { CreemWebhookParseError, parseWebhookEvent, verifyWebhookSignature } from './webhook.ts';

type Received = { headers: IncomingHttpHeaders; raw: Buffer };

/** A webhook receiver that keeps the raw bytes, like the real route must. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/creem`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let creem: FakeCreem;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  creem = await startFakeCreem({
    products: [{ id: 'prod_500', name: '500 credits', price: 1000, currency: 'USD' }],
    webhookUrl: receiver.url,
  });
});
afterAll(async () => {
  await creem.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

async function paidCheckout(requestId: string) {
  const { checkoutId } = await createCheckout({
    apiKey: creem.apiKey,
    environment: 'test',
    baseUrl: creem.url,
    productId: 'prod_500',
    requestId,
    successUrl: 'https://app.test/r',
    customerEmail: 'ann@example.test',
  });
  await creem.pay(checkoutId);
  return checkoutId;
}

describe('verifyWebhookSignature', () => {
  it('accepts the checkout.completed webhook sent on payment', async () => {
    await paidCheckout('order-1');
    expect(receiver.received).toHaveLength(1);
    const { headers, raw } = receiver.received[0]!;
    expect(verifyWebhookSignature(raw, headers['creem-signature'], creem.webhookSecret)).toBe(true);
    expect(verifyWebhookSignature(raw.toString('utf8'), headers['creem-signature'], creem.webhookSecret)).toBe(true);
  });

  it('matches an independently computed hex HMAC-SHA256', () => {
    const body = '{"id":"evt_1","eventType":"checkout.completed"}';
    const sig = createHmac('sha256', 'whsec_x').update(body).digest('hex');
    expect(verifyWebhookSignature(body, sig, 'whsec_x')).toBe(true);
    expect(verifyWebhookSignature(body, [sig], 'whsec_x')).toBe(true);
  });

  it('rejects a wrong secret', async () => {
    await paidCheckout('order-2');
    const { headers, raw } = receiver.received[0]!;
    expect(verifyWebhookSignature(raw, headers['creem-signature'], 'whsec_other')).toBe(false);
    expect(verifyWebhookSignature(raw, headers['creem-signature'], '')).toBe(false);
  });

  it('rejects a body changed after signing', async () => {
    const checkoutId = await paidCheckout('order-3');
    receiver.received.length = 0;
    await creem.sendWebhook(creem.checkoutCompletedEvent(checkoutId), { tamper: (b) => b.replace('"amount":1000', '"amount":100000') });
    const { headers, raw } = receiver.received[0]!;
    expect(raw.toString()).toContain('"amount":100000');
    expect(verifyWebhookSignature(raw, headers['creem-signature'], creem.webhookSecret)).toBe(false);
  });

  it('rejects a missing, empty or malformed header', async () => {
    const checkoutId = await paidCheckout('order-4');
    receiver.received.length = 0;
    await creem.sendWebhook(creem.checkoutCompletedEvent(checkoutId), { signature: null });
    const { headers, raw } = receiver.received[0]!;
    expect(headers['creem-signature']).toBeUndefined();
    expect(verifyWebhookSignature(raw, headers['creem-signature'], creem.webhookSecret)).toBe(false);
    expect(verifyWebhookSignature(raw, '', creem.webhookSecret)).toBe(false);
    const good = creem.signWebhook(raw);
    expect(verifyWebhookSignature(raw, good.slice(0, 60), creem.webhookSecret)).toBe(false);
    expect(verifyWebhookSignature(raw, `sha256=${good}`, creem.webhookSecret)).toBe(false);
  });

  it('a replayed delivery carries the same bytes and still verifies (handlers must be idempotent)', async () => {
    await paidCheckout('order-5');
    const first = creem.deliveries.at(-1)!;
    const replay = await creem.replayWebhook(first);
    expect(replay.status).toBe(200);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.raw.equals(receiver.received[0]!.raw)).toBe(true);
    expect(verifyWebhookSignature(receiver.received[1]!.raw, receiver.received[1]!.headers['creem-signature'], creem.webhookSecret)).toBe(
      true,
    );
    expect(parseWebhookEvent(receiver.received[1]!.raw).id).toBe(first.eventId);
  });
});

describe('parseWebhookEvent', () => {
  it('types checkout.completed with request id, order in minor units, product and customer', async () => {
    await paidCheckout('order-10');
    const event = parseWebhookEvent(receiver.received[0]!.raw);
    if (event.type !== 'checkout.completed') throw new Error(`unexpected ${event.type}`);
    expect(event.id).toMatch(/^evt_/);
    expect(event.checkout.requestId).toBe('order-10');
    expect(event.order).toMatchObject({ amount: 1000, currency: 'USD', status: 'paid', productId: 'prod_500' });
    expect(event.product).toMatchObject({ id: 'prod_500', price: 1000, currency: 'USD' });
    expect(event.customer?.email).toBe('ann@example.test');
    expect(typeof event.createdAt).toBe('number');
  });

  it('types refund.created and dispute.created with links back to the order', async () => {
    const checkoutId = await paidCheckout('order-11');
    const refund = parseWebhookEvent(JSON.stringify(creem.refundEvent(checkoutId, { amount: 400 })));
    if (refund.type !== 'refund.created') throw new Error(refund.type);
    expect(refund.refund).toMatchObject({ amount: 400, currency: 'USD', checkoutId, requestId: 'order-11' });
    expect(refund.refund.id).toMatch(/^ref_/);
    expect(refund.refund.orderId).toMatch(/^ord_/);
    expect(refund.refund.transactionId).toMatch(/^tran_/);

    const dispute = parseWebhookEvent(JSON.stringify(creem.disputeEvent(checkoutId)));
    if (dispute.type !== 'dispute.created') throw new Error(dispute.type);
    expect(dispute.dispute).toMatchObject({ amount: 1000, currency: 'USD', requestId: 'order-11' });
  });

  it('accepts refund links given as plain ids', () => {
    const e = parseWebhookEvent(
      JSON.stringify({
        id: 'evt_r',
        eventType: 'refund.created',
        created_at: 1,
        object: { id: 'ref_1', refund_amount: 10, refund_currency: 'EUR', transaction: 'tran_1', order: 'ord_1', checkout: 'ch_1' },
      }),
    );
    expect(e).toMatchObject({
      type: 'refund.created',
      refund: { transactionId: 'tran_1', orderId: 'ord_1', checkoutId: 'ch_1', requestId: undefined },
    });
  });

  it('returns other event types as unknown', () => {
    const e = parseWebhookEvent(JSON.stringify({ id: 'evt_2', eventType: 'subscription.paid', created_at: 5, object: { id: 'sub_1' } }));
    expect(e).toEqual({ id: 'evt_2', createdAt: 5, type: 'unknown', eventType: 'subscription.paid', object: { id: 'sub_1' } });
  });

  it('tolerates extra fields', async () => {
    const checkoutId = await paidCheckout('order-12');
    const event = creem.checkoutCompletedEvent(checkoutId);
    const withExtras = { ...event, api_version: '2099-01-01', object: { ...event.object, brand_new_field: { nested: true } } };
    expect(parseWebhookEvent(JSON.stringify(withExtras)).type).toBe('checkout.completed');
  });

  it('rejects non-JSON, a missing envelope and a non-integer amount', async () => {
    expect(() => parseWebhookEvent('not json')).toThrow(CreemWebhookParseError);
    expect(() => parseWebhookEvent('{"eventType":"checkout.completed"}')).toThrow(CreemWebhookParseError);
    const checkoutId = await paidCheckout('order-13');
    const event = creem.checkoutCompletedEvent(checkoutId);
    const order = (event.object as { order: Record<string, unknown> }).order;
    const bad = { ...event, object: { ...event.object, order: { ...order, amount: 10.5 } } };
    expect(() => parseWebhookEvent(JSON.stringify(bad))).toThrow(/unexpected shape/);
    const noRequest = { ...event, object: { ...event.object, order: { ...order, amount: '1000' } } };
    expect(() => parseWebhookEvent(JSON.stringify(noRequest))).toThrow(CreemWebhookParseError);
  });
});
