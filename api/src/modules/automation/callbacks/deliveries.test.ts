import type { AutomationSubmitted, Problem, WebhookDeliveryItem } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { eventually } from '../../studio/testing/kit.ts';
import { createApiToken } from '../../tokens/index.ts';
import { type Receiver, startReceiver } from '../testing/receiver.ts';

describe('callback events and deliveries', () => {
  let server: TestServer;
  let receiver: Receiver;
  let token: string;
  let cookie: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({
      studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 },
      config: { automationCallbacks: { retryMs: [300], allowedNetworks: ['127.0.0.1'] } },
    });
    const user = await createUser(server, { credits: 100 });
    token = (await createApiToken(server.orm.em.fork(), user.id, 'n8n')).token;
    cookie = await signIn(server, user);
  });
  afterAll(async () => {
    await server?.close();
    receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.state.failFirst = 0;
  });

  const submit = (body: unknown) =>
    server.request<AutomationSubmitted>('POST', '/api/n8n/generate', { body, headers: { authorization: `Bearer ${token}` } });
  const deliveriesOf = async (taskId: string) => {
    const res = await server.request<{ deliveries: WebhookDeliveryItem[] }>('GET', '/api/webhook-deliveries', { cookie });
    expect(res.status).toBe(200);
    return res.body.deliveries.filter((d) => d.taskId === taskId);
  };
  const settled = (taskId: string, count: number) =>
    eventually(
      async () => {
        const rows = await deliveriesOf(taskId);
        return rows.length === count && rows.every((d) => d.state !== 'waiting') ? rows : undefined;
      },
      60_000,
      'the deliveries to settle',
    );

  it('sends the chosen events in order, marks the impossible one skipped, and lists them with the answer code', async () => {
    const res = await submit({
      input: { prompt: 'a kite' },
      callbackUrl: `${receiver.url}/hook`,
      callbackEvents: ['started', 'completed', 'failed'],
    });
    expect(res.status).toBe(202);
    const rows = await settled(res.body.taskId, 3);
    expect(receiver.received.map((call) => call.headers['webhook-event'])).toEqual(['started', 'completed']);
    const byEvent = Object.fromEntries(rows.map((d) => [d.event, d]));
    expect(byEvent.started).toMatchObject({
      state: 'delivered',
      attempts: 1,
      responseCode: 200,
      tokenName: 'n8n',
      url: `${receiver.url}/hook`,
    });
    expect(byEvent.completed).toMatchObject({ state: 'delivered', responseCode: 200 });
    expect(byEvent.failed).toMatchObject({ state: 'skipped', attempts: 0, responseCode: null });
  });

  it('sends only the default end events when none are chosen', async () => {
    const res = await submit({ input: { prompt: 'broken [sandbox:fail]' }, callbackUrl: `${receiver.url}/hook` });
    const rows = await settled(res.body.taskId, 2);
    expect(rows.map((d) => `${d.event}:${d.state}`).sort()).toEqual(['completed:skipped', 'failed:delivered']);
    expect(receiver.received.map((call) => call.headers['webhook-event'])).toEqual(['failed']);
  });

  it('refuses an empty or repeated event list, charging nothing', async () => {
    for (const callbackEvents of [[], ['completed', 'completed'], ['finished']]) {
      const res = await submit({ input: { prompt: 'x' }, callbackUrl: `${receiver.url}/hook`, callbackEvents });
      expect(res.status, JSON.stringify(callbackEvents)).toBe(400);
      expect((res.body as unknown as Problem).errors?.[0]?.pointer).toMatch(/^\/body\/callbackEvents/);
    }
  });

  it('redelivers a failed callback with the same webhook-id; 409 while waiting, 404 for someone else', async () => {
    receiver.state.failFirst = 2;
    const res = await submit({ input: { prompt: 'a lamp' }, callbackUrl: `${receiver.url}/hook` });
    const [failed] = (await settled(res.body.taskId, 2)).filter((d) => d.event === 'completed');
    expect(failed).toMatchObject({ state: 'failed', attempts: 2, responseCode: 500 });
    const firstId = receiver.received[0]?.headers['webhook-id'];
    expect(firstId).toBe(failed?.id);

    const again = await server.request<WebhookDeliveryItem>('POST', `/api/webhook-deliveries/${failed?.id}/redeliver`, { cookie });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: failed?.id, state: 'waiting', attempts: 0 });
    const redelivered = await eventually(async () => receiver.received[2], 30_000, 'the redelivery');
    expect(redelivered.headers['webhook-id']).toBe(failed?.id);
    const [done] = (await settled(res.body.taskId, 2)).filter((d) => d.event === 'completed');
    expect(done).toMatchObject({ state: 'delivered', responseCode: 200, attempts: 1 });

    await server.orm.em
      .fork()
      .execute(`update "webhook_deliveries" set "state" = 'waiting', "next_attempt_at" = now() + interval '1 hour' where "id" = ?`, [
        failed?.id,
      ]);
    const busy = await server.request<Problem>('POST', `/api/webhook-deliveries/${failed?.id}/redeliver`, { cookie });
    expect(busy.status).toBe(409);

    const stranger = await signIn(server, await createUser(server));
    const theirs = await server.request<Problem>('POST', `/api/webhook-deliveries/${failed?.id}/redeliver`, { cookie: stranger });
    expect(theirs.status).toBe(404);
    const list = await server.request<{ deliveries: WebhookDeliveryItem[] }>('GET', '/api/webhook-deliveries', { cookie: stranger });
    expect(list.body.deliveries).toEqual([]);
    expect((await server.request('GET', '/api/webhook-deliveries')).status).toBe(401);
  });
});
