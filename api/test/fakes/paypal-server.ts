/**
 * A local stand-in for PayPal REST Orders v2 (provider docs): OAuth token, create/get/capture order with
 * `PayPal-Request-Id` idempotency, a fake approval page, generate-token, and failure modes for captures.
 *
 *   const paypal = await startFakePayPal();
 *   const client = new PayPalClient({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, environment: 'sandbox', baseUrl: paypal.url });
 *   const order = await client.createOrder({...});
 *   await paypal.approve(order.id);          // or a browser clicks "Approve" on order.approveUrl
 *   await client.captureOrder(order.id, requestId);
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the next captures produce. INSTRUMENT_DECLINED answers 422 and leaves the order APPROVED. */
export type FakeCaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'INSTRUMENT_DECLINED';

export type FakePayPalOptions = {
  clientId?: string;
  clientSecret?: string;
  /** Access token lifetime in seconds; default 32400 (9 h). */
  tokenTtlSec?: number;
  captureOutcome?: FakeCaptureOutcome;
};

export type FakePayPalOrder = {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  purchaseUnit: { reference_id: string; custom_id?: string; description?: string; amount: { currency_code: string; value: string } };
  returnUrl: string | undefined;
  cancelUrl: string | undefined;
  usedPaymentSource: boolean;
  payerId: string | undefined;
  capture: { id: string; status: 'COMPLETED' | 'PENDING' | 'DECLINED'; reason?: string; createTime: string } | undefined;
  createTime: string;
};

export type FakePayPalRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };

/** How the next capture request misbehaves: the capture still happens, but the caller sees no (timely) answer. */
export type FakeCaptureFault = { mode: 'drop' } | { mode: 'delay'; ms: number };

export type FakePayPal = {
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  requests: FakePayPalRequest[];
  orders: Map<string, FakePayPalOrder>;
  /** Number of `POST /v1/oauth2/token` calls so far. */
  tokenCalls(): number;
  /** Capture requests received for an order (including replays). */
  captureCalls(orderId: string): number;
  /** Captures actually performed for an order (0 or 1). */
  capturesPerformed(orderId: string): number;
  /** Approves an order as the buyer would and returns the return_url the browser is sent to. */
  approve(orderId: string, payerId?: string): string;
  setCaptureOutcome(outcome: FakeCaptureOutcome): void;
  /** Makes the next capture request drop the connection or answer late, after capturing. */
  failNextCapture(fault: FakeCaptureFault): void;
  /** Invalidates every issued access token (API calls then get 401 invalid_token). */
  revokeTokens(): void;
};

const randomId = (len: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(len), (b) => alphabet[b % alphabet.length]).join('');
};
const debugId = () => randomBytes(7).toString('hex');

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Reply = { status: number; body: unknown };

const ppError = (status: number, name: string, message: string, issue?: string, description?: string): Reply => ({
  status,
  body: {
    name,
    message,
    debug_id: debugId(),
    ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
    links: [
      {
        href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue ?? name}`,
        rel: 'information_link',
        method: 'GET',
      },
    ],
  },
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clientId = options.clientId ?? 'fake-paypal-client-id';
  const clientSecret = options.clientSecret ?? 'fake-paypal-client-secret';
  const tokenTtlSec = options.tokenTtlSec ?? 32400;
  let captureOutcome: FakeCaptureOutcome = options.captureOutcome ?? 'COMPLETED';
  let nextFault: FakeCaptureFault | undefined;
  const tokens = new Map<string, number>(); // token -> expiry (ms)
  const orders = new Map<string, FakePayPalOrder>();
  const idempotent = new Map<string, Reply>(); // `${path} ${PayPal-Request-Id}` -> first reply
  const requests: FakePayPalRequest[] = [];
  const captureCallCount = new Map<string, number>();
  let tokenCallCount = 0;
  let baseUrl = '';

  const orderJson = (o: FakePayPalOrder, full: boolean) => {
    const links = [{ href: `${baseUrl}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' }];
    if (o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED') {
      links.push({ href: `${baseUrl}/checkoutnow?token=${o.id}`, rel: o.usedPaymentSource ? 'payer-action' : 'approve', method: 'GET' });
    }
    if (o.status === 'APPROVED') links.push({ href: `${baseUrl}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' });
    if (!full) return { id: o.id, status: o.status, links };
    const c = o.capture;
    return {
      id: o.id,
      intent: o.intent,
      status: o.status,
      create_time: o.createTime,
      ...(o.payerId
        ? {
            payer: {
              payer_id: o.payerId,
              email_address: `${o.payerId.toLowerCase()}@buyer.example.test`,
              name: { given_name: 'Test', surname: 'Buyer' },
            },
          }
        : {}),
      purchase_units: [
        {
          ...o.purchaseUnit,
          payee: { merchant_id: 'FAKEMERCHANT1', email_address: 'merchant@example.test' },
          ...(c
            ? {
                payments: {
                  captures: [
                    {
                      id: c.id,
                      status: c.status,
                      ...(c.reason ? { status_details: { reason: c.reason } } : {}),
                      amount: o.purchaseUnit.amount,
                      final_capture: true,
                      ...(o.purchaseUnit.custom_id ? { custom_id: o.purchaseUnit.custom_id } : {}),
                      seller_protection: { status: 'ELIGIBLE' },
                      seller_receivable_breakdown: {
                        gross_amount: o.purchaseUnit.amount,
                        paypal_fee: { currency_code: o.purchaseUnit.amount.currency_code, value: '0.00' },
                        net_amount: o.purchaseUnit.amount,
                      },
                      create_time: c.createTime,
                      update_time: c.createTime,
                    },
                  ],
                },
              }
            : {}),
        },
      ],
      links,
    };
  };

  const createOrder = (body: unknown, prefer: string): Reply => {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (b.intent !== 'CAPTURE' && b.intent !== 'AUTHORIZE')
      return ppError(400, 'INVALID_REQUEST', 'Request is not well-formed', 'MISSING_REQUIRED_PARAMETER');
    const units = b.purchase_units;
    if (!Array.isArray(units) || units.length !== 1)
      return ppError(400, 'INVALID_REQUEST', 'Request is not well-formed', 'INVALID_ARRAY_MAX_ITEMS');
    const unit = units[0] as Record<string, unknown>;
    const amount = unit.amount as { currency_code?: unknown; value?: unknown } | undefined;
    if (typeof amount?.currency_code !== 'string' || typeof amount.value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(amount.value)) {
      return ppError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed', 'DECIMAL_PRECISION');
    }
    if (typeof unit.custom_id === 'string' && unit.custom_id.length > 127) {
      return ppError(400, 'INVALID_REQUEST', 'Request is not well-formed', 'INVALID_STRING_LENGTH');
    }
    const experience = ((b.payment_source as Record<string, unknown> | undefined)?.paypal as Record<string, unknown> | undefined)
      ?.experience_context as Record<string, unknown> | undefined;
    const order: FakePayPalOrder = {
      id: randomId(17),
      status: experience ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      intent: b.intent,
      purchaseUnit: {
        reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
        ...(typeof unit.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
        ...(typeof unit.description === 'string' ? { description: unit.description } : {}),
        amount: { currency_code: amount.currency_code, value: amount.value },
      },
      returnUrl: typeof experience?.return_url === 'string' ? experience.return_url : undefined,
      cancelUrl: typeof experience?.cancel_url === 'string' ? experience.cancel_url : undefined,
      usedPaymentSource: experience !== undefined,
      payerId: undefined,
      capture: undefined,
      createTime: new Date().toISOString(),
    };
    orders.set(order.id, order);
    return { status: 201, body: orderJson(order, prefer.includes('return=representation')) };
  };

  const capture = (o: FakePayPalOrder): Reply => {
    if (o.status === 'COMPLETED') {
      return ppError(
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed',
        'ORDER_ALREADY_CAPTURED',
        'Order already captured.',
      );
    }
    if (o.status !== 'APPROVED') {
      return ppError(
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed',
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment.',
      );
    }
    if (captureOutcome === 'INSTRUMENT_DECLINED') {
      return ppError(
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed',
        'INSTRUMENT_DECLINED',
        'The instrument presented was declined.',
      );
    }
    o.capture = {
      id: randomId(17),
      status: captureOutcome,
      ...(captureOutcome === 'PENDING' ? { reason: 'PENDING_REVIEW' } : {}),
      createTime: new Date().toISOString(),
    };
    // PayPal can report the order COMPLETED even when the capture was declined (provider docs).
    o.status = 'COMPLETED';
    return { status: 201, body: orderJson(o, true) };
  };

  const bearerOk = (req: IncomingMessage) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const exp = m?.[1] ? tokens.get(m[1]) : undefined;
    return exp !== undefined && exp > Date.now();
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<Reply | 'dropped'> => {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    let body: unknown = raw.toString('utf8');
    try {
      body = raw.length && String(req.headers['content-type']).includes('json') ? JSON.parse(raw.toString('utf8')) : body;
    } catch {
      return ppError(400, 'INVALID_REQUEST', 'Request is not well-formed', 'MALFORMED_REQUEST_JSON');
    }
    requests.push({ method, path, headers: req.headers, body });

    if (method === 'POST' && path === '/v1/oauth2/token') {
      tokenCallCount++;
      const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      const creds = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
      if (creds !== `${clientId}:${clientSecret}`)
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      if (new URLSearchParams(raw.toString('utf8')).get('grant_type') !== 'client_credentials') {
        return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.set(token, Date.now() + tokenTtlSec * 1000);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: tokenTtlSec,
          nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
        },
      };
    }

    if (!bearerOk(req)) return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };

    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
    const key = requestId ? `${path} ${requestId}` : undefined;
    const captureMatch = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && captureMatch?.[1]) {
      captureCallCount.set(captureMatch[1], (captureCallCount.get(captureMatch[1]) ?? 0) + 1);
    }
    if (method === 'POST' && key && idempotent.has(key)) return idempotent.get(key) as Reply;

    let reply: Reply;
    if (method === 'POST' && path === '/v2/checkout/orders') {
      reply = createOrder(body, String(req.headers.prefer ?? ''));
    } else if (method === 'POST' && captureMatch?.[1]) {
      const o = orders.get(captureMatch[1]);
      reply = o ? capture(o) : ppError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      if (key) idempotent.set(key, reply);
      const fault = nextFault;
      nextFault = undefined;
      if (fault?.mode === 'drop') {
        res.socket?.destroy();
        return 'dropped';
      }
      if (fault?.mode === 'delay') {
        await new Promise((r) => setTimeout(r, fault.ms));
      }
      return reply;
    } else if (method === 'GET' && path.startsWith('/v2/checkout/orders/')) {
      const o = orders.get(decodeURIComponent(path.slice('/v2/checkout/orders/'.length)));
      reply = o
        ? { status: 200, body: orderJson(o, true) }
        : ppError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
    } else if (method === 'POST' && path === '/v1/identity/generate-token') {
      reply = { status: 200, body: { client_token: randomBytes(48).toString('base64'), expires_in: 3600 } };
    } else {
      reply = ppError(404, 'RESOURCE_NOT_FOUND', `No route for ${method} ${path}`);
    }
    if (key && method === 'POST') idempotent.set(key, reply);
    return reply;
  };

  const approve = (orderId: string, payerId = `PAYER${randomId(8)}`) => {
    const o = orders.get(orderId);
    if (!o) throw new Error(`fake paypal: no order ${orderId}`);
    if (o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED') {
      o.status = 'APPROVED';
      o.payerId = payerId;
    }
    const target = new URL(o.returnUrl ?? `${baseUrl}/checkoutnow/done`);
    target.searchParams.set('token', o.id);
    target.searchParams.set('PayerID', o.payerId ?? payerId);
    return target.toString();
  };

  const handlePage = (req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer) => {
    const form = new URLSearchParams(raw.toString('utf8'));
    const id = req.method === 'POST' ? form.get('token') : url.searchParams.get('token');
    const o = id ? orders.get(id) : undefined;
    if (url.pathname === '/checkoutnow/done') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Done</title><p>Approved</p>');
    }
    if (!o) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('order not found');
    }
    if (req.method === 'POST' && url.pathname === '/checkoutnow/approve') {
      res.writeHead(303, { location: approve(o.id) });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/checkoutnow/cancel') {
      const target = new URL(o.cancelUrl ?? `${baseUrl}/checkoutnow/done`);
      target.searchParams.set('token', o.id);
      res.writeHead(303, { location: target.toString() });
      return res.end();
    }
    const amount = `${escapeHtml(o.purchaseUnit.amount.value)} ${escapeHtml(o.purchaseUnit.amount.currency_code)}`;
    const hidden = `<input type="hidden" name="token" value="${escapeHtml(o.id)}">`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>Fake PayPal</title></head><body><h1>Fake PayPal</h1>
<p data-testid="amount">${amount}</p><p>${escapeHtml(o.purchaseUnit.description ?? '')}</p>
<form method="post" action="/checkoutnow/approve">${hidden}<button type="submit" id="approve">Approve</button></form>
<form method="post" action="/checkoutnow/cancel">${hidden}<button type="submit" id="cancel">Cancel</button></form></body></html>`,
    );
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const raw = await readBody(req);
      if (url.pathname.startsWith('/checkoutnow')) return handlePage(req, res, url, raw);
      const reply = await handleApi(req, res, url, raw);
      if (reply === 'dropped') return;
      res.writeHead(reply.status, { 'content-type': 'application/json', 'paypal-debug-id': debugId() });
      res.end(JSON.stringify(reply.body));
    })().catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: String(err), debug_id: debugId() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
    requests,
    orders,
    tokenCalls: () => tokenCallCount,
    captureCalls: (orderId) => captureCallCount.get(orderId) ?? 0,
    capturesPerformed: (orderId) => (orders.get(orderId)?.capture ? 1 : 0),
    approve,
    setCaptureOutcome: (o) => {
      captureOutcome = o;
    },
    failNextCapture: (f) => {
      nextFault = f;
    },
    revokeTokens: () => tokens.clear(),
  };
}
