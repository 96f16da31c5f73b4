import type { BalanceAlert, BalanceLowEvent, CurrentUser, Problem, WebhookDeliveryItem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Receiver, signIn, startReceiver, startTestServer, type TestServer } from '../../../../test/index.ts';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { eventually } from '../../studio/testing/kit.ts';
import { createApiToken } from '../../tokens/index.ts';
import { verifyWebhook } from '../callbacks/signature.ts';

describe('low-balance alert', () => {
  let server: TestServer;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({
      // The receiver is on loopback, as a self-hosted n8n would be: allowed by the operator's setting.
      config: { automationCallbacks: { retryMs: [300], allowedNetworks: ['127.0.0.1/32'] } },
    });
  });
  afterAll(async () => {
    await server?.close();
    receiver?.close();
  });

  /** A user with `credits`, a signing token and a signed-in session. */
  async function person(credits: number) {
    const user = await createUser(server, { credits });
    const token = await createApiToken(server.orm.em.fork(), user.id, 'alerts');
    const cookie = await signIn(server, user);
    return { user, cookie, tokenId: token.record.id, secret: token.signingSecret };
  }
  let keys = 0;
  const change = (userId: string, amount: number) =>
    applyLedgerEntry(server.orm.em.fork(), {
      userId,
      amount,
      type: amount < 0 ? 'usage' : 'purchase',
      businessKey: `test:${userId}:${++keys}`,
      description: amount < 0 ? 'Image generation' : 'Purchased credits',
    });
  const put = (cookie: string, body: unknown) =>
    server.request<BalanceAlert & Problem>('PUT', '/api/account/balance-alert', { cookie, body });
  const alertsOf = async (cookie: string) => {
    const res = await server.request<{ deliveries: WebhookDeliveryItem[] }>('GET', '/api/webhook-deliveries', { cookie });
    return res.body.deliveries.filter((d) => d.event === 'balance.low');
  };

  it('alerts once per crossing, signed, and again after a purchase re-arms it', async () => {
    const { user, cookie, tokenId, secret } = await person(12);
    const url = `${receiver.url}/low/${user.id}`;
    const set = await put(cookie, { threshold: 10, callbackUrl: url, signingTokenId: tokenId });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ threshold: 10, callbackUrl: url, signingTokenId: tokenId });
    expect((await server.request<BalanceAlert>('GET', '/api/account/balance-alert', { cookie })).body).toEqual(set.body);

    const first = await change(user.id, -4);
    expect(first).toMatchObject({ applied: true, balance: 8 });
    const [delivered] = await eventually(
      async () => {
        const rows = await alertsOf(cookie);
        return rows.length === 1 && rows[0]?.state === 'delivered' ? rows : undefined;
      },
      30_000,
      'the first alert to be delivered',
    );
    expect(delivered).toMatchObject({ taskId: null, url, tokenName: 'alerts', responseCode: 200 });
    if (!first.applied) throw new Error('unreachable');
    expect(delivered?.id).toBe(first.transactionId);

    const calls = receiver.received.filter((call) => call.body.includes(first.transactionId));
    expect(calls).toHaveLength(1);
    const [call] = calls;
    if (!call) throw new Error('unreachable');
    const body = JSON.parse(call.body) as BalanceLowEvent;
    expect(body).toMatchObject({ event: 'balance.low', balance: 8, threshold: 10, transactionId: first.transactionId });
    expect(Date.parse(body.occurredAt)).not.toBeNaN();
    const headers = {
      id: String(call.headers['webhook-id']),
      timestamp: String(call.headers['webhook-timestamp']),
      signature: String(call.headers['webhook-signature']),
    };
    expect(headers.id).toBe(first.transactionId);
    expect(verifyWebhook(secret, headers, call.body)).toBe(true);
    expect(verifyWebhook(secret, headers, `${call.body} `)).toBe(false);

    // Still below: no second alert.
    expect(await change(user.id, -3)).toMatchObject({ applied: true, balance: 5 });
    // Back above (a purchase) re-arms; the next fall below alerts again.
    expect(await change(user.id, 15)).toMatchObject({ applied: true, balance: 20 });
    const again = await change(user.id, -11);
    expect(again).toMatchObject({ applied: true, balance: 9 });
    const rows = await eventually(
      async () => {
        const list = await alertsOf(cookie);
        return list.length === 2 && list.every((d) => d.state === 'delivered') ? list : undefined;
      },
      30_000,
      'the second alert to be delivered',
    );
    if (!again.applied) throw new Error('unreachable');
    expect(rows.map((d) => d.id).sort()).toEqual([first.transactionId, again.transactionId].sort());
    expect(
      receiver.received.filter((c) => c.headers['webhook-event'] === 'balance.low' && c.body.includes(again.transactionId)),
    ).toHaveLength(1);
  });

  it('alerts exactly once when concurrent charges race past the threshold', async () => {
    const { user, cookie, tokenId } = await person(20);
    expect((await put(cookie, { threshold: 10, callbackUrl: `${receiver.url}/race`, signingTokenId: tokenId })).status).toBe(200);
    // Ten charges of 2 at once: only the one taking 10 to 8 straddles the threshold.
    const results = await Promise.all(Array.from({ length: 10 }, () => change(user.id, -2)));
    expect(results.every((r) => r.applied)).toBe(true);
    const crossing = results.find((r) => r.applied && r.balance === 8);
    const rows = await eventually(
      async () => {
        const list = await alertsOf(cookie);
        return list.length >= 1 && list.every((d) => d.state === 'delivered') ? list : undefined;
      },
      30_000,
      'the alert to be delivered',
    );
    expect(rows).toHaveLength(1);
    expect(crossing?.applied && rows[0]?.id === crossing.transactionId).toBe(true);
  });

  it('shows the threshold on the session user and warns without a callback', async () => {
    const { user, cookie } = await person(12);
    expect((await put(cookie, { threshold: 50, callbackUrl: null, signingTokenId: null })).status).toBe(200);
    const me = await server.request<{ user: CurrentUser | null }>('GET', '/api/auth/current-user', { cookie });
    expect(me.body.user).toMatchObject({ id: user.id, credits: 12, lowBalanceThreshold: 50 });
    expect(await change(user.id, -4)).toMatchObject({ applied: true, balance: 8 });
    expect(await alertsOf(cookie)).toEqual([]);
    expect((await put(cookie, { threshold: null, callbackUrl: null, signingTokenId: null })).status).toBe(200);
    expect(
      (await server.request<{ user: CurrentUser | null }>('GET', '/api/auth/current-user', { cookie })).body.user?.lowBalanceThreshold,
    ).toBeNull();
  });

  it('refuses invalid settings field by field and stores nothing', async () => {
    const { cookie, tokenId } = await person(12);
    const stranger = await person(5);
    const ok = { threshold: 10, callbackUrl: `${receiver.url}/ok`, signingTokenId: tokenId };
    const cases: [unknown, string][] = [
      [{ ...ok, threshold: 0 }, '/body/threshold'],
      [{ ...ok, threshold: 1_000_001 }, '/body/threshold'],
      [{ ...ok, threshold: 2.5 }, '/body/threshold'],
      [{ ...ok, threshold: '10' }, '/body/threshold'],
      [{ ...ok, callbackUrl: 'ftp://example.com/x' }, '/body/callbackUrl'],
      [{ ...ok, callbackUrl: 'http://10.1.2.3/hook' }, '/body/callbackUrl'],
      [{ ...ok, signingTokenId: null }, '/body/signingTokenId'],
      [{ ...ok, signingTokenId: stranger.tokenId }, '/body/signingTokenId'],
      [{ ...ok, threshold: null }, '/body/threshold'],
    ];
    for (const [body, pointer] of cases) {
      const res = await put(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(res.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
    const both = await put(cookie, { threshold: -1, callbackUrl: 'not a url', signingTokenId: tokenId });
    expect(both.body.errors?.map((e) => e.pointer).sort()).toEqual(['/body/callbackUrl', '/body/threshold']);
    const stored = await server.request<BalanceAlert>('GET', '/api/account/balance-alert', { cookie });
    expect(stored.body).toEqual({ threshold: null, callbackUrl: null, signingTokenId: null });
  });
});
