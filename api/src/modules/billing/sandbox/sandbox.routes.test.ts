// The sandbox payment method end to end over HTTP: offered only without payment keys and outside production,
// a checkout approved on the local page grants the package once through the Creem webhook and return code, a
// replayed return or approval grants nothing more, a cancel grants nothing, and strangers cannot see or decide it.
import type { PaymentOrder, Pricing } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { ConfigError, loadConfig } from '../../../config.ts';
import { Transaction } from '../../ledger/index.ts';
import { AdminSettings } from '../../settings/index.ts';
import { User } from '../../users/index.ts';
import { CreditPackage } from '../credit-package.entity.ts';

let server: TestServer;
let packageId: string;

beforeAll(async () => {
  server = await startTestServer({ seed: true, config: { billing: { paymentSandbox: true } } });
  const pkg = await server.orm.em.fork().findOneOrFail(CreditPackage, { isActive: true }, { orderBy: { price: 'asc' } });
  packageId = pkg.id;
});

afterAll(() => server?.close());

async function buyer(username: string) {
  const user = await createUser(server, { username, credits: 0 });
  return { user, cookie: await signIn(server, user) };
}

const sameOrigin = () => ({ origin: server.url });

async function startCheckout(cookie: string): Promise<{ checkoutUrl: string; orderId: string }> {
  const res = await server.request<{ checkoutUrl: string; orderId: string }>('POST', '/api/creem/checkout', {
    cookie,
    headers: sameOrigin(),
    body: { packageId },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function balanceOf(userId: string): Promise<number> {
  return (await server.orm.em.fork().findOneOrFail(User, { id: userId })).credits;
}

describe('the sandbox payment method', () => {
  it('is offered as card payment and labelled as the sandbox', async () => {
    const pricing = await server.request<Pricing>('GET', '/api/pricing/current');
    expect(pricing.body).toMatchObject({ creemEnabled: true, sandboxPayments: true, paypalEnabled: false });
  });

  it('grants the package once: approval, return check, replays', async () => {
    const { user, cookie } = await buyer('sandbox_buyer');
    const { checkoutUrl, orderId } = await startCheckout(cookie);
    const checkoutPath = new URL(checkoutUrl).pathname;
    expect(checkoutPath).toMatch(/^\/sandbox-checkout\/sbx_ch_/);

    const page = await server.request('GET', checkoutPath, { cookie, validate: false });
    expect(page.status).toBe(200);
    expect(page.text).toContain('no money moves');

    const approve = await server.request('POST', `${checkoutPath}/approve`, { cookie, headers: sameOrigin(), validate: false });
    expect(approve.status).toBe(303);
    const returnUrl = new URL(approve.headers.get('location') ?? '');
    expect(returnUrl.pathname).toBe('/purchase-credits');
    expect(returnUrl.searchParams.get('request_id')).toBe(orderId);

    const pkg = await server.orm.em.fork().findOneOrFail(CreditPackage, { id: packageId });
    expect(await balanceOf(user.id)).toBe(pkg.credits);

    // The page checks the signed return like a Creem one, as often as the buyer reloads it.
    for (let i = 0; i < 2; i++) {
      const verified = await server.request<PaymentOrder>('GET', `/api/creem/verify-return${returnUrl.search}`, { cookie });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ orderId, status: 'paid', credits: pkg.credits });
    }
    const again = await server.request('POST', `${checkoutPath}/approve`, { cookie, headers: sameOrigin(), validate: false });
    expect(again.status).toBe(303);
    expect(await balanceOf(user.id)).toBe(pkg.credits);
    const purchases = await server.orm.em.fork().find(Transaction, { user: user.id, type: 'purchase' });
    expect(purchases.map((t) => t.amount)).toEqual([pkg.credits]);
    // Recorded as the test it was, never as a card payment.
    expect(purchases[0]?.description).toBe(`Sandbox test payment for ${pkg.name} (${pkg.credits} credits), no money moved`);

    const tampered = new URL(returnUrl);
    tampered.searchParams.set('order_id', 'sbx_ord_forged');
    const forged = await server.request('GET', `/api/creem/verify-return${tampered.search}`, { cookie });
    expect(forged.status).toBe(400);
  });

  it('grants nothing for a cancelled checkout', async () => {
    const { user, cookie } = await buyer('sandbox_canceller');
    const { checkoutUrl } = await startCheckout(cookie);
    const path = new URL(checkoutUrl).pathname;
    const cancel = await server.request('POST', `${path}/cancel`, { cookie, headers: sameOrigin(), validate: false });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toContain('payment=cancelled');
    const approve = await server.request('POST', `${path}/approve`, { cookie, headers: sameOrigin(), validate: false });
    expect(approve.headers.get('location')).toContain('payment=cancelled');
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('hides a checkout from other users and refuses cross-site approvals', async () => {
    const owner = await buyer('sandbox_owner');
    const stranger = await buyer('sandbox_stranger');
    const path = new URL((await startCheckout(owner.cookie)).checkoutUrl).pathname;
    expect((await server.request('GET', path, { cookie: stranger.cookie, validate: false })).status).toBe(404);
    const stolen = await server.request('POST', `${path}/approve`, { cookie: stranger.cookie, headers: sameOrigin(), validate: false });
    expect(stolen.status).toBe(404);
    const crossSite = await server.request('POST', `${path}/approve`, {
      cookie: owner.cookie,
      headers: { origin: 'https://evil.example' },
      validate: false,
    });
    expect(crossSite.status).toBe(403);
    expect((await server.request('GET', path, { validate: false })).status).toBe(401);
    expect(await balanceOf(owner.user.id)).toBe(0);
  });

  it('steps aside once payment keys are set', async () => {
    await server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { paypalClientId: 'id', paypalClientSecret: 'secret' });
    await server.heard();
    try {
      const pricing = await server.request<Pricing>('GET', '/api/pricing/current');
      expect(pricing.body).toMatchObject({ creemEnabled: false, sandboxPayments: false });
    } finally {
      await server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { paypalClientId: null, paypalClientSecret: null });
      await server.heard();
    }
  });
});

describe('the sandbox payment configuration', () => {
  it('is refused in production and off there by default', () => {
    const production = { NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) };
    expect(() => loadConfig({ ...production, PAYMENT_SANDBOX: 'on' })).toThrow(ConfigError);
    expect(loadConfig(production).billing.paymentSandbox).toBe(false);
    expect(loadConfig({}).billing.paymentSandbox).toBe(true);
    expect(loadConfig({ PAYMENT_SANDBOX: 'off' }).billing.paymentSandbox).toBe(false);
  });
});
