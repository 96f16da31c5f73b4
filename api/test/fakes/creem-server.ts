/**
 * A local stand-in for Creem (provider docs): the checkout API, a hosted checkout page, the signed success
 * redirect and signed webhooks. It speaks the documented wire format so the real adapter runs against it.
 *
 *   const creem = await startFakeCreem({ products: [{ id: 'prod_500', price: 1000, currency: 'USD' }], webhookUrl });
 *   // adapter: createCheckout({ apiKey: creem.apiKey, environment: 'test', baseUrl: creem.url, ... })
 *   const { redirectUrl } = await creem.pay(checkoutId); // or a browser clicks "Pay" on checkout_url
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeCreemProduct = { id: string; name?: string; price: number; currency: string };

export type FakeCreemOptions = {
  /** The only key the fake accepts (anything else gets 403). Default `creem_test_fake_key`. */
  apiKey?: string;
  /** Secret for the `creem-signature` HMAC. Default `whsec_fake_secret`. */
  webhookSecret?: string;
  /** Where `checkout.completed` is POSTed when a checkout is paid. Unset: no webhook is sent. */
  webhookUrl?: string;
  products?: FakeCreemProduct[];
  /** `mode` reported in payloads; default `test`. */
  mode?: string;
};

export type FakeCreemCheckout = {
  id: string;
  productId: string;
  requestId: string | undefined;
  successUrl: string | undefined;
  customerEmail: string | undefined;
  metadata: Record<string, unknown> | undefined;
  status: 'pending' | 'completed';
  order?: { id: string; customerId: string; transactionId: string; amount: number; currency: string };
};

export type FakeCreemRequest = { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; body: unknown };

export type FakeCreemEvent = { id: string; eventType: string; created_at: number; object: Record<string, unknown> };

export type FakeCreemDelivery = {
  url: string;
  eventId: string | undefined;
  eventType: string | undefined;
  rawBody: string;
  /** The `creem-signature` header sent, or null when it was left out. */
  signature: string | null;
  /** HTTP status from the receiver, or 0 when the request failed. */
  status: number;
  responseBody: string;
  error?: string;
};

export type SendWebhookOptions = {
  /** Defaults to the configured webhook URL. */
  url?: string;
  /** Send this header value instead of the correct signature. `null` leaves the header out. */
  signature?: string | null;
  /** Changes the body after signing (the signature then no longer matches). */
  tamper?: (rawBody: string) => string;
};

export type FakeCreem = {
  url: string;
  apiKey: string;
  webhookSecret: string;
  close(): Promise<void>;
  /** Every API request received (not the hosted page), oldest first. */
  requests: FakeCreemRequest[];
  checkouts: Map<string, FakeCreemCheckout>;
  deliveries: FakeCreemDelivery[];
  addProduct(product: FakeCreemProduct): void;
  setWebhookUrl(url: string | undefined): void;
  /**
   * Pays a pending checkout as the hosted page would: marks it completed, sends the signed `checkout.completed`
   * webhook (awaited, when a webhook URL is set) and returns the signed success redirect URL.
   */
  pay(checkoutId: string): Promise<{ redirectUrl: string; event: FakeCreemEvent; delivery: FakeCreemDelivery | undefined }>;
  /** The signed success redirect for a completed checkout, params in Creem's order. */
  redirectUrlFor(checkoutId: string): string;
  checkoutCompletedEvent(checkoutId: string): FakeCreemEvent;
  refundEvent(checkoutId: string, opts?: { amount?: number; reason?: string }): FakeCreemEvent;
  disputeEvent(checkoutId: string, opts?: { amount?: number }): FakeCreemEvent;
  buildEvent(eventType: string, object: Record<string, unknown>, opts?: { id?: string; createdAt?: number }): FakeCreemEvent;
  /** Hex HMAC-SHA256 of the raw body with the webhook secret, like the `creem-signature` header. */
  signWebhook(rawBody: string | Buffer): string;
  /** POSTs an event (or a raw body) with a `creem-signature` header; records and returns the delivery. */
  sendWebhook(event: FakeCreemEvent | string, opts?: SendWebhookOptions): Promise<FakeCreemDelivery>;
  /** Sends the exact bytes and signature of an earlier delivery again. */
  replayWebhook(delivery: FakeCreemDelivery): Promise<FakeCreemDelivery>;
};

const rid = (prefix: string) => `${prefix}_${randomBytes(11).toString('base64url').replace(/[-_]/g, 'x')}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, error: string, messages: string[]): void {
  sendJson(res, status, { trace_id: randomBytes(16).toString('hex'), status, error, message: messages, timestamp: Date.now() });
}

export async function startFakeCreem(options: FakeCreemOptions = {}): Promise<FakeCreem> {
  const apiKey = options.apiKey ?? 'creem_test_fake_key';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_secret';
  const mode = options.mode ?? 'test';
  let webhookUrl = options.webhookUrl;
  const products = new Map<string, FakeCreemProduct>((options.products ?? []).map((p) => [p.id, p]));
  const checkouts = new Map<string, FakeCreemCheckout>();
  const requests: FakeCreemRequest[] = [];
  const deliveries: FakeCreemDelivery[] = [];
  let baseUrl = '';

  const productJson = (p: FakeCreemProduct) => ({
    id: p.id,
    object: 'product',
    name: p.name ?? p.id,
    price: p.price,
    currency: p.currency,
    billing_type: 'onetime',
    status: 'active',
    mode,
  });

  const customerJson = (c: FakeCreemCheckout) => ({
    id: c.order?.customerId,
    object: 'customer',
    email: c.customerEmail ?? 'buyer@example.test',
    name: 'Test Buyer',
    country: 'US',
    mode,
  });

  const checkoutJson = (c: FakeCreemCheckout, expand: boolean) => {
    const product = products.get(c.productId);
    return {
      id: c.id,
      object: 'checkout',
      mode,
      status: c.status,
      product: expand && product ? productJson(product) : c.productId,
      units: 1,
      ...(c.requestId === undefined ? {} : { request_id: c.requestId }),
      checkout_url: `${baseUrl}/checkout/${c.id}`,
      ...(c.successUrl === undefined ? {} : { success_url: c.successUrl }),
      ...(c.metadata === undefined ? {} : { metadata: c.metadata }),
      ...(c.order
        ? {
            order: {
              id: c.order.id,
              object: 'order',
              customer: c.order.customerId,
              product: c.productId,
              amount: c.order.amount,
              currency: c.order.currency,
              sub_total: c.order.amount,
              tax_amount: 0,
              discount_amount: 0,
              amount_due: c.order.amount,
              amount_paid: c.order.amount,
              status: 'paid',
              type: 'onetime',
              transaction: c.order.transactionId,
              mode,
            },
            customer: expand ? customerJson(c) : c.order.customerId,
          }
        : {}),
    };
  };

  const mustGet = (checkoutId: string) => {
    const c = checkouts.get(checkoutId);
    if (!c) throw new Error(`fake creem: no checkout ${checkoutId}`);
    return c;
  };

  const redirectUrlFor = (checkoutId: string) => {
    const c = mustGet(checkoutId);
    if (!c.order) throw new Error(`fake creem: checkout ${checkoutId} is not paid`);
    // Creem's order; null values (subscription_id for one-time payments, request_id when not sent) are left out.
    const params: Array<[string, string | undefined]> = [
      ['checkout_id', c.id],
      ['order_id', c.order.id],
      ['customer_id', c.order.customerId],
      ['subscription_id', undefined],
      ['product_id', c.productId],
      ['request_id', c.requestId],
    ];
    const present = params.filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '');
    const payload = [...present.map(([k, v]) => `${k}=${v}`), `salt=${apiKey}`].join('|');
    const signature = createHash('sha256').update(payload).digest('hex');
    const target = new URL(c.successUrl ?? `${baseUrl}/checkout/${c.id}/success`);
    for (const [k, v] of present) target.searchParams.append(k, v);
    target.searchParams.append('signature', signature);
    return target.toString();
  };

  const buildEvent: FakeCreem['buildEvent'] = (eventType, object, opts) => ({
    id: opts?.id ?? rid('evt'),
    eventType,
    created_at: opts?.createdAt ?? Date.now(),
    object,
  });

  const checkoutCompletedEvent = (checkoutId: string) => {
    const c = mustGet(checkoutId);
    if (!c.order) throw new Error(`fake creem: checkout ${checkoutId} is not paid`);
    const product = products.get(c.productId);
    const body = checkoutJson(c, true);
    return buildEvent('checkout.completed', {
      ...body,
      order: { ...body.order, product: c.productId },
      product: product ? productJson(product) : { id: c.productId },
      customer: customerJson(c),
      custom_fields: [],
      metadata: c.metadata ?? {},
    });
  };

  const relatedRefs = (c: FakeCreemCheckout) => {
    if (!c.order) throw new Error(`fake creem: checkout ${c.id} is not paid`);
    return {
      transaction: {
        id: c.order.transactionId,
        object: 'transaction',
        amount: c.order.amount,
        currency: c.order.currency,
        order: c.order.id,
      },
      order: { id: c.order.id, object: 'order', amount: c.order.amount, currency: c.order.currency, status: 'paid' },
      checkout: { id: c.id, object: 'checkout', request_id: c.requestId },
      customer: { id: c.order.customerId, object: 'customer' },
      mode,
    };
  };

  const signWebhook = (rawBody: string | Buffer) => createHmac('sha256', webhookSecret).update(rawBody).digest('hex');

  const deliver = async (url: string, rawBody: string, signature: string | null, meta: { eventId?: string; eventType?: string }) => {
    const delivery: FakeCreemDelivery = {
      url,
      eventId: meta.eventId,
      eventType: meta.eventType,
      rawBody,
      signature,
      status: 0,
      responseBody: '',
    };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'creem-signature': signature }) },
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = res.status;
      delivery.responseBody = await res.text();
    } catch (err) {
      delivery.error = String(err);
    }
    deliveries.push(delivery);
    return delivery;
  };

  const sendWebhook: FakeCreem['sendWebhook'] = async (event, opts = {}) => {
    const url = opts.url ?? webhookUrl;
    if (!url) throw new Error('fake creem: no webhook URL configured');
    const signedBody = typeof event === 'string' ? event : JSON.stringify(event);
    const signature = opts.signature === undefined ? signWebhook(signedBody) : opts.signature;
    const rawBody = opts.tamper ? opts.tamper(signedBody) : signedBody;
    const meta = typeof event === 'string' ? {} : { eventId: event.id, eventType: event.eventType };
    return deliver(url, rawBody, signature, meta);
  };

  const pay = async (checkoutId: string) => {
    const c = mustGet(checkoutId);
    const product = products.get(c.productId);
    if (!product) throw new Error(`fake creem: product ${c.productId} is gone`);
    if (!c.order) {
      c.order = { id: rid('ord'), customerId: rid('cust'), transactionId: rid('tran'), amount: product.price, currency: product.currency };
      c.status = 'completed';
    }
    const event = checkoutCompletedEvent(checkoutId);
    const delivery = webhookUrl ? await sendWebhook(event) : undefined;
    return { redirectUrl: redirectUrlFor(checkoutId), event, delivery };
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer) => {
    let body: unknown = raw.toString('utf8');
    try {
      body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      // keep the text
    }
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body });
    if (req.headers['x-api-key'] !== apiKey) return sendError(res, 403, 'Forbidden', ['Invalid API key or insufficient permissions']);

    if (req.method === 'POST' && url.pathname === '/v1/checkouts') {
      if (typeof body !== 'object' || body === null) return sendError(res, 400, 'Bad Request', ['body must be a JSON object']);
      const b = body as Record<string, unknown>;
      if (typeof b.product_id !== 'string' || !b.product_id) return sendError(res, 400, 'Bad Request', ['product_id must be a string']);
      if (!products.has(b.product_id)) return sendError(res, 404, 'Not Found', [`Product not found: ${b.product_id}`]);
      const customer = b.customer as { email?: unknown } | undefined;
      const checkout: FakeCreemCheckout = {
        id: rid('ch'),
        productId: b.product_id,
        requestId: typeof b.request_id === 'string' ? b.request_id : undefined,
        successUrl: typeof b.success_url === 'string' ? b.success_url : undefined,
        customerEmail: typeof customer?.email === 'string' ? customer.email : undefined,
        metadata: typeof b.metadata === 'object' && b.metadata !== null ? (b.metadata as Record<string, unknown>) : undefined,
        status: 'pending',
      };
      checkouts.set(checkout.id, checkout);
      return sendJson(res, 200, checkoutJson(checkout, false));
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkouts') {
      const c = checkouts.get(url.searchParams.get('checkout_id') ?? '');
      if (!c) return sendError(res, 404, 'Not Found', ['Checkout not found']);
      return sendJson(res, 200, checkoutJson(c, true));
    }
    return sendError(res, 404, 'Not Found', [`Cannot ${req.method} ${url.pathname}`]);
  };

  const handlePage = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const m = /^\/checkout\/([^/]+)(\/pay|\/success)?$/.exec(url.pathname);
    const c = m?.[1] ? checkouts.get(m[1]) : undefined;
    if (!m || !c) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('checkout not found');
    }
    if (m[2] === '/pay' && req.method === 'POST') {
      const { redirectUrl } = await pay(c.id);
      res.writeHead(303, { location: redirectUrl });
      return res.end();
    }
    if (m[2] === '/success') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Paid</title><h1>Payment complete</h1>');
    }
    const product = products.get(c.productId);
    const price = product
      ? `${Math.floor(product.price / 100)}.${String(product.price % 100).padStart(2, '0')} ${escapeHtml(product.currency)}`
      : '?';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>Fake Creem checkout</title></head><body>
<h1>Fake Creem checkout</h1><p data-testid="product">${escapeHtml(product?.name ?? c.productId)}</p><p data-testid="price">${price}</p>
<form method="post" action="/checkout/${escapeHtml(c.id)}/pay"><button type="submit" id="pay">Pay</button></form></body></html>`,
    );
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const raw = await readBody(req);
      if (url.pathname.startsWith('/v1/')) await handleApi(req, res, url, raw);
      else await handlePage(req, res, url);
    })().catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'Internal Server Error', [String(err)]);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    apiKey,
    webhookSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
    requests,
    checkouts,
    deliveries,
    addProduct: (p) => void products.set(p.id, p),
    setWebhookUrl: (u) => {
      webhookUrl = u;
    },
    pay,
    redirectUrlFor,
    checkoutCompletedEvent,
    refundEvent: (checkoutId, opts) => {
      const c = mustGet(checkoutId);
      const refs = relatedRefs(c);
      return buildEvent('refund.created', {
        id: rid('ref'),
        object: 'refund',
        status: 'succeeded',
        refund_amount: opts?.amount ?? c.order?.amount ?? 0,
        refund_currency: c.order?.currency,
        reason: opts?.reason ?? 'requested_by_customer',
        created_at: Date.now(),
        ...refs,
      });
    },
    disputeEvent: (checkoutId, opts) => {
      const c = mustGet(checkoutId);
      return buildEvent('dispute.created', {
        id: rid('disp'),
        object: 'dispute',
        amount: opts?.amount ?? c.order?.amount ?? 0,
        currency: c.order?.currency,
        created_at: Date.now(),
        ...relatedRefs(c),
      });
    },
    buildEvent,
    signWebhook,
    sendWebhook,
    replayWebhook: (d) => deliver(d.url, d.rawBody, d.signature, { eventId: d.eventId, eventType: d.eventType }),
  };
}
