// Card payments end to end: our API against the fake Creem (real adapter, signed webhooks and redirects).
import type { CreemCheckoutResponse, PaymentOrder, Pricing, Problem, TransactionList, UserStats, WebhookAck } from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeCreemEvent } from '../../../../test/fakes/creem-server.ts';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { CreditPackage } from '../credit-package.entity.ts';
import { OPERATOR_ALERT_QUEUE } from '../notifications/operator-notifier.ts';
import { Order } from '../orders/order.entity.ts';
import { type Buyer, type PaymentsKit, PRODUCT, startPaymentsKit } from '../testing.ts';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(() => kit.close());
// The books must balance after every scenario, whatever it did.
afterEach(async () => {
  expect(await kit.mismatches()).toEqual([]);
});

const webhookUrl = () => `${kit.server.url}/api/creem/webhook`;

async function checkout(buyer: Buyer, body: Record<string, unknown> = {}) {
  const res = await kit.server.request<CreemCheckoutResponse>('POST', '/api/creem/checkout', {
    cookie: buyer.cookie,
    body: { packageId: kit.packageId, ...body },
  });
  expect(res.status).toBe(201);
  const checkoutId = res.body.checkoutUrl.split('/').at(-1) ?? '';
  return { ...res.body, checkoutId };
}

/** Pays on the fake without delivering the webhook, so a test can deliver (or alter) the event itself. */
async function payWithoutWebhook(checkoutId: string) {
  kit.creem.setWebhookUrl(undefined);
  try {
    return await kit.creem.pay(checkoutId);
  } finally {
    kit.creem.setWebhookUrl(webhookUrl());
  }
}

const ackOf = (responseBody: string) => JSON.parse(responseBody) as WebhookAck;
const problemOf = (responseBody: string) => JSON.parse(responseBody) as Problem;

/** The parts of a `checkout.completed` object the tests change. */
type CheckoutObject = { request_id?: string; order: { amount: number; currency: string; product?: string }; product: { id: string } };

/** A correctly signed event whose checkout object was changed by `edit` (as if Creem had sent it so). */
function alteredEvent(checkoutId: string, edit: (object: CheckoutObject) => void): FakeCreemEvent {
  const event = kit.creem.checkoutCompletedEvent(checkoutId);
  edit(event.object as unknown as CheckoutObject);
  return event;
}

describe('a full card purchase', () => {
  it('checkout -> hosted page -> signed webhook grants the credits once, lists them and counts the money', async () => {
    const buyer = await kit.buyer();
    // The browser's price, currency and credits are ignored: only packageId is used.
    const started = await checkout(buyer, { amount: 0.01, currency: 'EUR', credits: 999_999, packageName: 'Free stuff' });
    expect(started.checkoutUrl).toBe(`${kit.creem.url}/checkout/${started.checkoutId}`);
    expect(kit.creem.requests.at(-1)?.body).toMatchObject({
      product_id: PRODUCT.id,
      request_id: started.orderId,
      success_url: `${kit.server.url}/purchase-credits`,
    });
    const pending = await kit.order(started.orderId);
    expect(pending).toMatchObject({
      status: 'pending',
      credits: 1200,
      amountMinor: 1000,
      currency: 'USD',
      creemCheckoutId: started.checkoutId,
    });

    // The buyer opens the hosted page and presses Pay; the fake sends the signed webhook before redirecting.
    const page = await (await fetch(started.checkoutUrl)).text();
    expect(page).toContain('10.00 USD');
    const paid = await fetch(`${kit.creem.url}/checkout/${started.checkoutId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const returnUrl = new URL(paid.headers.get('location') ?? '');
    expect(returnUrl.pathname).toBe('/purchase-credits');
    expect(returnUrl.searchParams.get('request_id')).toBe(started.orderId);

    const delivery = kit.creem.deliveries.at(-1);
    expect(delivery?.status).toBe(200);
    expect(ackOf(delivery?.responseBody ?? '{}')).toEqual({ received: true, outcome: 'granted' });
    expect(await kit.credits(buyer.id)).toBe(1200);
    const order = await kit.order(started.orderId);
    expect(order.status).toBe('paid');
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(order.creemOrderId).toMatch(/^ord_/);

    const verified = await kit.server.request<PaymentOrder>('GET', `/api/creem/verify-return${returnUrl.search}`, { cookie: buyer.cookie });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ orderId: started.orderId, status: 'paid', credits: 1200, amount: '10.00', currency: 'USD' });

    const history = await kit.server.request<TransactionList>('GET', '/api/transactions', { cookie: buyer.cookie });
    expect(history.body.total).toBe(1);
    expect(history.body.data[0]).toMatchObject({ type: 'purchase', amount: 1200, packageId: kit.packageId, orderId: started.orderId });
    const stats = await kit.server.request<UserStats>('GET', '/api/user/stats', { cookie: buyer.cookie });
    expect(stats.body).toEqual({ credits: 1200, videosCreated: 0, totalSpent: 10, creditsUsed: 0 });

    await kit.notifier().idle();
    const message = kit.telegram.messages.find((m) => m.plainText.includes(started.orderId));
    expect(message?.plainText).toContain('Purchase completed');
    expect(message?.plainText).toContain(buyer.username);
    expect(message?.plainText).toContain('10.00 USD');
  });

  it('refuses anonymous callers', async () => {
    const res = await kit.server.request<Problem>('POST', '/api/creem/checkout', { body: { packageId: kit.packageId } });
    expect(res.status).toBe(401);
  });
});

describe('webhook replays', () => {
  it('the same delivery replayed 10 times one after another grants once', async () => {
    const buyer = await kit.buyer();
    const { checkoutId, orderId } = await checkout(buyer);
    const { delivery } = await kit.creem.pay(checkoutId);
    expect(delivery?.status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const replay = await kit.creem.replayWebhook(delivery ?? kit.creem.deliveries[0]!);
      expect(replay.status).toBe(200);
      expect(ackOf(replay.responseBody).outcome).toBe('duplicate');
    }
    expect(await kit.credits(buyer.id)).toBe(1200);
    expect(await kit.purchases(buyer.id)).toHaveLength(1);
    expect(await kit.events(orderId)).toHaveLength(1);
  });

  it('the same event delivered 10 times at once grants once', async () => {
    const buyer = await kit.buyer();
    const { checkoutId, orderId } = await checkout(buyer);
    await payWithoutWebhook(checkoutId);
    const event = kit.creem.checkoutCompletedEvent(checkoutId);
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => kit.creem.sendWebhook(event)));
    expect(deliveries.map((d) => d.status)).toEqual(Array(10).fill(200));
    const outcomes = deliveries.map((d) => ackOf(d.responseBody).outcome).sort();
    expect(outcomes).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'granted',
    ]);
    expect(await kit.credits(buyer.id)).toBe(1200);
    expect(await kit.purchases(buyer.id)).toHaveLength(1);
    expect((await kit.order(orderId)).status).toBe('paid');
  });

  it('10 different events for the same paid checkout at once still grant once', async () => {
    const buyer = await kit.buyer();
    const { checkoutId } = await checkout(buyer);
    await payWithoutWebhook(checkoutId);
    const base = kit.creem.checkoutCompletedEvent(checkoutId);
    const events = Array.from({ length: 10 }, () => kit.creem.buildEvent('checkout.completed', base.object));
    const deliveries = await Promise.all(events.map((event) => kit.creem.sendWebhook(event)));
    const outcomes = deliveries.map((d) => ackOf(d.responseBody).outcome);
    expect(outcomes.filter((o) => o === 'granted')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_paid')).toHaveLength(9);
    expect(await kit.credits(buyer.id)).toBe(1200);
  });
});

describe('webhooks that must not grant', () => {
  async function paidButUndelivered() {
    const buyer = await kit.buyer();
    const started = await checkout(buyer);
    await payWithoutWebhook(started.checkoutId);
    return { buyer, ...started };
  }

  async function expectNothingGranted(buyer: Buyer, orderId: string, status: 'pending' | 'failed') {
    expect(await kit.credits(buyer.id)).toBe(0);
    expect(await kit.purchases(buyer.id)).toEqual([]);
    expect((await kit.order(orderId)).status).toBe(status);
  }

  it('a wrong signature answers 401 and records nothing', async () => {
    const { buyer, checkoutId, orderId } = await paidButUndelivered();
    const res = await kit.creem.sendWebhook(kit.creem.checkoutCompletedEvent(checkoutId), { signature: 'ab'.repeat(32) });
    expect(res.status).toBe(401);
    expect(problemOf(res.responseBody).code).toBe('invalid_signature');
    await expectNothingGranted(buyer, orderId, 'pending');
    expect(await kit.events(orderId)).toEqual([]);
  });

  it('a missing signature answers 401', async () => {
    const { buyer, checkoutId, orderId } = await paidButUndelivered();
    const res = await kit.creem.sendWebhook(kit.creem.checkoutCompletedEvent(checkoutId), { signature: null });
    expect(res.status).toBe(401);
    await expectNothingGranted(buyer, orderId, 'pending');
  });

  it('a body changed after signing answers 401', async () => {
    const { buyer, checkoutId, orderId } = await paidButUndelivered();
    const res = await kit.creem.sendWebhook(kit.creem.checkoutCompletedEvent(checkoutId), {
      tamper: (body) => body.replace(`"request_id":"${orderId}"`, `"request_id":"${orderId}" `),
    });
    expect(res.status).toBe(401);
    await expectNothingGranted(buyer, orderId, 'pending');
  });

  it('a signed payment of another amount answers 422, fails the order and is recorded', async () => {
    const { buyer, checkoutId, orderId } = await paidButUndelivered();
    const res = await kit.creem.sendWebhook(
      alteredEvent(checkoutId, (o) => {
        o.order.amount = 100;
      }),
    );
    expect(res.status).toBe(422);
    expect(problemOf(res.responseBody).code).toBe('payment_mismatch');
    await expectNothingGranted(buyer, orderId, 'failed');
    const [event] = await kit.events(orderId);
    expect(event).toMatchObject({ outcome: 'rejected:payment_mismatch', eventType: 'checkout.completed' });
    expect(event?.detail).toContain('amount 100');
  });

  it('a signed payment in another currency answers 422', async () => {
    const { buyer, checkoutId, orderId } = await paidButUndelivered();
    const res = await kit.creem.sendWebhook(
      alteredEvent(checkoutId, (o) => {
        o.order.currency = 'EUR';
      }),
    );
    expect(res.status).toBe(422);
    await expectNothingGranted(buyer, orderId, 'failed');
  });

  it('a signed payment for another product answers 422', async () => {
    const { buyer, checkoutId, orderId } = await paidButUndelivered();
    const res = await kit.creem.sendWebhook(
      alteredEvent(checkoutId, (o) => {
        o.product.id = 'prod_other';
        o.order.product = 'prod_other';
      }),
    );
    expect(res.status).toBe(422);
    expect((await kit.order(orderId)).failureReason).toContain('prod_other');
    await expectNothingGranted(buyer, orderId, 'failed');
  });

  it('a signed payment naming an unknown order answers 422 and is recorded; its replay is a duplicate', async () => {
    const { buyer, checkoutId, orderId } = await paidButUndelivered();
    const unknownId = crypto.randomUUID();
    const event = alteredEvent(checkoutId, (o) => {
      o.request_id = unknownId;
    });
    const res = await kit.creem.sendWebhook(event);
    expect(res.status).toBe(422);
    expect(problemOf(res.responseBody).code).toBe('unknown_order');
    const notUuid = await kit.creem.sendWebhook(
      alteredEvent(checkoutId, (o) => {
        o.request_id = 'not-a-uuid';
      }),
    );
    expect(notUuid.status).toBe(422);
    await expectNothingGranted(buyer, orderId, 'pending');
    const recorded = (await kit.events()).find((e) => e.eventId === event.id);
    expect(recorded?.outcome).toBe('rejected:unknown_order');
    const replay = await kit.creem.sendWebhook(event);
    expect(replay.status).toBe(200);
    expect(ackOf(replay.responseBody).outcome).toBe('duplicate');
  });

  it('a paid event after a rejected one still grants once (the real payment wins)', async () => {
    const { buyer, checkoutId, orderId } = await paidButUndelivered();
    await kit.creem.sendWebhook(
      alteredEvent(checkoutId, (o) => {
        o.order.amount = 1;
      }),
    );
    expect((await kit.order(orderId)).status).toBe('failed');
    const res = await kit.creem.sendWebhook(kit.creem.checkoutCompletedEvent(checkoutId));
    expect(ackOf(res.responseBody).outcome).toBe('granted');
    expect(await kit.credits(buyer.id)).toBe(1200);
  });

  it('unknown event types are acknowledged and recorded', async () => {
    const event = kit.creem.buildEvent('subscription.paid', { id: 'sub_1' });
    const res = await kit.creem.sendWebhook(event);
    expect(res.status).toBe(200);
    expect(ackOf(res.responseBody).outcome).toBe('ignored');
    expect((await kit.events()).find((e) => e.eventId === event.id)).toMatchObject({ eventType: 'subscription.paid', outcome: 'ignored' });
  });

  it('answers 503 while no webhook secret is configured (Creem retries later)', async () => {
    const { buyer, checkoutId, orderId } = await paidButUndelivered();
    await kit.settings({ creemWebhookSecret: null });
    try {
      const res = await kit.creem.sendWebhook(kit.creem.checkoutCompletedEvent(checkoutId));
      expect(res.status).toBe(503);
    } finally {
      await kit.settings({ creemWebhookSecret: kit.creem.webhookSecret });
    }
    await expectNothingGranted(buyer, orderId, 'pending');
  });
});

describe('refunds and disputes', () => {
  async function paidOrder() {
    const buyer = await kit.buyer();
    const started = await checkout(buyer);
    await kit.creem.pay(started.checkoutId);
    expect(await kit.credits(buyer.id)).toBe(1200);
    return { buyer, ...started };
  }

  it('a full refund marks the order refunded, takes the credits back and no longer counts as spent', async () => {
    const { buyer, checkoutId, orderId } = await paidOrder();
    const res = await kit.creem.sendWebhook(kit.creem.refundEvent(checkoutId));
    expect(ackOf(res.responseBody).outcome).toBe('refund_recorded');
    const order = await kit.order(orderId);
    expect(order).toMatchObject({ status: 'refunded', refundedMinor: 1000, clawedBackCredits: 1200 });
    expect(order.refundedAt).toBeInstanceOf(Date);
    expect(await kit.credits(buyer.id)).toBe(0);
    const history = await kit.server.request<TransactionList>('GET', '/api/transactions', { cookie: buyer.cookie });
    expect(history.body.data.map((t) => [t.type, t.amount])).toEqual([
      ['refund', -1200],
      ['purchase', 1200],
    ]);
    const stats = await kit.server.request<UserStats>('GET', '/api/user/stats', { cookie: buyer.cookie });
    expect(stats.body.totalSpent).toBe(0);
  });

  it('never takes more than the buyer still has', async () => {
    const { buyer, checkoutId, orderId } = await paidOrder();
    const spent = await applyLedgerEntry(kit.server.orm.em.fork(), {
      userId: buyer.id,
      amount: -1000,
      type: 'usage',
      businessKey: `usage:test:${orderId}`,
      description: 'Spent on images',
    });
    expect(spent.applied).toBe(true);
    await kit.creem.sendWebhook(kit.creem.refundEvent(checkoutId));
    expect(await kit.credits(buyer.id)).toBe(0);
    const order = await kit.order(orderId);
    expect(order.clawedBackCredits).toBe(200);
    expect((await kit.events(orderId)).at(-1)?.detail).toContain('took back 200 of 1200 credits');
  });

  it('a partial refund takes back the same share of the credits', async () => {
    const { buyer, checkoutId, orderId } = await paidOrder();
    await kit.creem.sendWebhook(kit.creem.refundEvent(checkoutId, { amount: 400 }));
    expect(await kit.credits(buyer.id)).toBe(1200 - 480);
    expect(await kit.order(orderId)).toMatchObject({ status: 'refunded', refundedMinor: 400, clawedBackCredits: 480 });
    const stats = await kit.server.request<UserStats>('GET', '/api/user/stats', { cookie: buyer.cookie });
    expect(stats.body.totalSpent).toBe(6);
  });

  it('a dispute is recorded like a refund, once even when replayed', async () => {
    const { buyer, checkoutId, orderId } = await paidOrder();
    const event = kit.creem.disputeEvent(checkoutId);
    expect(ackOf((await kit.creem.sendWebhook(event)).responseBody).outcome).toBe('dispute_recorded');
    expect(ackOf((await kit.creem.sendWebhook(event)).responseBody).outcome).toBe('duplicate');
    expect((await kit.order(orderId)).status).toBe('refunded');
    expect(await kit.credits(buyer.id)).toBe(0);
  });

  it('a refund for a checkout we do not know is acknowledged and changes nothing', async () => {
    const event = kit.creem.buildEvent('refund.created', {
      id: 'ref_x',
      refund_amount: 100,
      refund_currency: 'USD',
      checkout: 'ch_unknown',
    });
    const res = await kit.creem.sendWebhook(event);
    expect(ackOf(res.responseBody).outcome).toBe('ignored');
  });
});

describe('GET /api/creem/verify-return', () => {
  it('settles a paid checkout whose webhook has not arrived, and the late webhook changes nothing', async () => {
    const buyer = await kit.buyer();
    const { checkoutId, orderId } = await checkout(buyer);
    const { redirectUrl } = await payWithoutWebhook(checkoutId);
    const res = await kit.server.request<PaymentOrder>('GET', `/api/creem/verify-return${new URL(redirectUrl).search}`, {
      cookie: buyer.cookie,
    });
    expect(res.body).toMatchObject({ orderId, status: 'paid' });
    expect(await kit.credits(buyer.id)).toBe(1200);
    const late = await kit.creem.sendWebhook(kit.creem.checkoutCompletedEvent(checkoutId));
    expect(ackOf(late.responseBody).outcome).toBe('already_paid');
    expect(await kit.purchases(buyer.id)).toHaveLength(1);
  });

  it('refuses a return URL whose parameters were changed', async () => {
    const buyer = await kit.buyer();
    const { checkoutId, orderId } = await checkout(buyer);
    const { redirectUrl } = await payWithoutWebhook(checkoutId);
    const forged = new URL(redirectUrl);
    forged.searchParams.set('order_id', 'ord_forged');
    const res = await kit.server.request<Problem>('GET', `/api/creem/verify-return${forged.search}`, { cookie: buyer.cookie });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_signature');
    expect((await kit.order(orderId)).status).toBe('pending');
    expect(await kit.credits(buyer.id)).toBe(0);
  });

  it("answers 404 for another user's order", async () => {
    const alice = await kit.buyer();
    const bob = await kit.buyer();
    const { checkoutId } = await checkout(alice);
    const { redirectUrl } = await kit.creem.pay(checkoutId);
    const res = await kit.server.request<Problem>('GET', `/api/creem/verify-return${new URL(redirectUrl).search}`, { cookie: bob.cookie });
    expect(res.status).toBe(404);
  });

  it('answers pending while Creem has no payment yet', async () => {
    const buyer = await kit.buyer();
    const { checkoutId, orderId } = await checkout(buyer);
    const { redirectUrl } = await payWithoutWebhook(checkoutId);
    // As if the payment were still being confirmed: the checkout is not completed on Creem's side.
    const fake = kit.creem.checkouts.get(checkoutId);
    if (fake) fake.status = 'pending';
    const res = await kit.server.request<PaymentOrder>('GET', `/api/creem/verify-return${new URL(redirectUrl).search}`, {
      cookie: buyer.cookie,
    });
    expect(res.body).toMatchObject({ orderId, status: 'pending' });
    expect(await kit.credits(buyer.id)).toBe(0);
  });
});

describe('starting a checkout', () => {
  it('answers 400 for an unknown, inactive or card-less package, creating no order at Creem', async () => {
    const buyer = await kit.buyer();
    const em = kit.server.orm.em.fork();
    const inactive = em.create(CreditPackage, { name: 'Old', credits: 10, price: '1.00', creemProductId: PRODUCT.id, isActive: false });
    const cardless = em.create(CreditPackage, { name: 'PayPal only', credits: 10, price: '1.00' });
    await em.flush();
    const before = kit.creem.requests.length;
    for (const packageId of [crypto.randomUUID(), inactive.id, cardless.id]) {
      const res = await kit.server.request<Problem>('POST', '/api/creem/checkout', { cookie: buyer.cookie, body: { packageId } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('package_unavailable');
      expect(res.body.errors?.[0]?.pointer).toBe('/body/packageId');
    }
    expect(kit.creem.requests.length).toBe(before);
  });

  it('answers 502 and fails the order when Creem refuses', async () => {
    const buyer = await kit.buyer();
    await kit.settings({ creemApiKey: 'creem_wrong_key' });
    try {
      const res = await kit.server.request<Problem>('POST', '/api/creem/checkout', {
        cookie: buyer.cookie,
        body: { packageId: kit.packageId },
      });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'payment_provider_failed', retryable: true });
    } finally {
      await kit.settings({ creemApiKey: kit.creem.apiKey });
    }
    const [order] = await kit.server.orm.em.fork().find(Order, { user: buyer.id });
    expect(order?.status).toBe('failed');
    expect(order?.failureReason).toContain('403');
  });

  it('answers 503 and hides card payment when it is switched off or not configured', async () => {
    const buyer = await kit.buyer();
    for (const off of [{ creemEnabled: false }, { creemApiKey: null }, { creemWebhookSecret: null }]) {
      await kit.settings(off);
      try {
        const res = await kit.server.request<Problem>('POST', '/api/creem/checkout', {
          cookie: buyer.cookie,
          body: { packageId: kit.packageId },
        });
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('payment_method_unavailable');
        expect((await kit.server.request<Pricing>('GET', '/api/pricing/current')).body.creemEnabled).toBe(false);
      } finally {
        await kit.settings({ creemEnabled: true, creemApiKey: kit.creem.apiKey, creemWebhookSecret: kit.creem.webhookSecret });
      }
    }
    expect((await kit.server.request<Pricing>('GET', '/api/pricing/current')).body.creemEnabled).toBe(true);
  });

  it('still honours the webhook of a payment under way after card payment was switched off', async () => {
    const buyer = await kit.buyer();
    const { checkoutId } = await checkout(buyer);
    await kit.settings({ creemEnabled: false });
    try {
      const { delivery } = await kit.creem.pay(checkoutId);
      expect(delivery?.status).toBe(200);
    } finally {
      await kit.settings({ creemEnabled: true });
    }
    expect(await kit.credits(buyer.id)).toBe(1200);
  });
});

describe('operator notification', () => {
  it('a failing Telegram never breaks fulfilment, and the alert is retried', async () => {
    const buyer = await kit.buyer();
    const { checkoutId, orderId: order } = await checkout(buyer);
    await kit.notifier().idle();
    kit.telegram.failNext({ status: 500, description: 'Internal Server Error' });
    const { delivery } = await kit.creem.pay(checkoutId);
    expect(delivery?.status).toBe(200);
    expect(await kit.credits(buyer.id)).toBe(1200);
    // Refused once, then sent again by pg-boss.
    await kit.notifier().idle(60_000);
    expect(kit.telegram.messages.filter((m) => m.plainText.includes(order))).toHaveLength(1);
    const [job] = (await kit.server.studio.jobs.boss.findJobs<{ orderId?: string }>(OPERATOR_ALERT_QUEUE)).filter(
      (alert) => alert.data.orderId === order,
    );
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('sends nothing while no bot is configured', async () => {
    const buyer = await kit.buyer();
    const { checkoutId, orderId } = await checkout(buyer);
    await kit.settings({ telegramChatId: null });
    try {
      await kit.creem.pay(checkoutId);
      await kit.notifier().idle();
    } finally {
      await kit.settings({ telegramChatId: kit.telegram.chatId });
    }
    expect(await kit.credits(buyer.id)).toBe(1200);
    expect(kit.telegram.messages.some((m) => m.plainText.includes(orderId))).toBe(false);
  });
});
