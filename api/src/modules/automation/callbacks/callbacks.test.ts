import type { AutomationSubmitted, AutomationTaskStatus, Problem } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { eventually } from '../../studio/testing/kit.ts';
import { createApiToken } from '../../tokens/index.ts';
import { startReceiver } from '../testing/receiver.ts';
import { verifyWebhook } from './signature.ts';

describe('automation callbacks', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let token: string;
  let secret: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({
      studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 },
      // The receiver is on loopback, as a self-hosted n8n would be: allowed by the operator's setting.
      config: { automationCallbacks: { retryMs: [300, 300], allowedNetworks: ['127.0.0.1/32'] } },
    });
    const user = await createUser(server, { credits: 100 });
    const created = await createApiToken(server.orm.em.fork(), user.id, 'n8n');
    token = created.token;
    secret = created.signingSecret;
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
  const deliveryOf = async (taskId: string) => {
    const [row] = await server.orm.em
      .fork()
      .execute<{ id: string; state: string; attempt: number; status_code: number | null; error: string | null }[]>(
        `select d."id", d."state", d."attempt", d."status_code", d."error" from "webhook_deliveries" d
           join "image_tasks" t on t."id" = d."task_id" where t."task_id" = ? and d."event" = 'completed'`,
        [taskId],
      );
    return row;
  };

  it('POSTs the signed status to the callback once the task completes', async () => {
    const res = await submit({ input: { prompt: 'a lighthouse' }, callbackUrl: `${receiver.url}/resume/abc` });
    expect(res.status).toBe(202);
    const call = await eventually(async () => receiver.received[0], 60_000, 'the callback');
    const payload = JSON.parse(call.body) as AutomationTaskStatus;
    expect(payload).toMatchObject({ success: true, status: 'completed', taskId: res.body.taskId, creditsUsed: 4, error: null });
    expect(payload.imageUrl).toMatch(/\/files\/results\//);
    expect(call.headers['content-type']).toBe('application/json');
    const headers = {
      id: String(call.headers['webhook-id']),
      timestamp: String(call.headers['webhook-timestamp']),
      signature: String(call.headers['webhook-signature']),
    };
    expect(headers.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(headers.timestamp) - Date.now() / 1000)).toBeLessThan(120);
    expect(verifyWebhook(secret, headers, call.body)).toBe(true);
    expect(verifyWebhook(secret, headers, `${call.body} `)).toBe(false);
    expect(verifyWebhook('whsec_AAAA', headers, call.body)).toBe(false);
    const delivery = await eventually(async () => {
      const row = await deliveryOf(res.body.taskId);
      return row?.state === 'delivered' ? row : undefined;
    });
    expect(delivery).toMatchObject({ id: headers.id, attempt: 1, status_code: 200, error: null });
  });

  it('retries after a failing receiver with the same webhook-id', async () => {
    receiver.state.failFirst = 1;
    const res = await submit({ input: { prompt: 'a storm' }, callbackUrl: `${receiver.url}/hook` });
    const delivery = await eventually(
      async () => {
        const row = await deliveryOf(res.body.taskId);
        return row?.state === 'delivered' ? row : undefined;
      },
      60_000,
      'the retried delivery',
    );
    expect(delivery.attempt).toBe(2);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(receiver.received[1]?.headers['webhook-id']);
  });

  it('gives up after the last retry and records why', async () => {
    receiver.state.failFirst = 10;
    const res = await submit({ input: { prompt: 'never heard' }, callbackUrl: `${receiver.url}/down` });
    const delivery = await eventually(
      async () => {
        const row = await deliveryOf(res.body.taskId);
        return row?.state === 'failed' ? row : undefined;
      },
      60_000,
      'the delivery to give up',
    );
    expect(delivery).toMatchObject({ attempt: 3, status_code: 500 });
    expect(delivery.error).toContain('500');
  });

  it('sends failures with the refunded credits', async () => {
    const res = await submit({ input: { prompt: 'broken [sandbox:fail]' }, callbackUrl: `${receiver.url}/hook` });
    const call = await eventually(async () => receiver.received[0], 60_000, 'the failure callback');
    expect(JSON.parse(call.body)).toMatchObject({ success: false, status: 'failed', taskId: res.body.taskId, creditsRefunded: 4 });
  });

  it('refuses private addresses outside the allowed networks, with the reason in the message', async () => {
    const res = await submit({ input: { prompt: 'x' }, callbackUrl: 'http://192.168.1.20:5678/webhook-waiting/1' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed' });
    const problem = res.body as unknown as Problem;
    expect(problem.errors?.[0]?.pointer).toBe('/body/callbackUrl');
    expect(problem.message).toContain('callbackUrl: The address of 192.168.1.20 is not allowed (private)');
    expect(problem.message).toContain('CALLBACK_ALLOWED_NETWORKS');
    expect(problem.detail).toBe(problem.message);
  });

  it('refuses a callback for a token without a signing secret', async () => {
    const user = await createUser(server, { credits: 20 });
    const old = await createApiToken(server.orm.em.fork(), user.id, 'old');
    await server.orm.em.fork().execute('update "api_tokens" set "signing_secret" = null where "id" = ?', [old.record.id]);
    const res = await server.request<Problem>('POST', '/api/n8n/generate', {
      body: { input: { prompt: 'x' }, callbackUrl: `${receiver.url}/hook` },
      headers: { authorization: `Bearer ${old.token}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.pointer).toBe('/body/callbackUrl');
  });

  it('shows the signing secret once at token creation and stores it encrypted', async () => {
    const user = await createUser(server);
    const res = await server.request<{ id: string; signingSecret: string }>('POST', '/api/user-tokens', {
      cookie: await signIn(server, user),
      body: { name: 'n8n' },
    });
    expect(res.status).toBe(201);
    expect(res.body.signingSecret).toMatch(/^whsec_/);
    expect(Buffer.from(res.body.signingSecret.slice(6), 'base64')).toHaveLength(32);
    const [row] = await server.orm.em
      .fork()
      .execute<{ signing_secret: string }[]>('select "signing_secret" from "api_tokens" where "id" = ?', [res.body.id]);
    expect(row?.signing_secret).toMatch(/^v1:/);
    expect(row?.signing_secret).not.toContain(res.body.signingSecret.slice(6));
  });
});
