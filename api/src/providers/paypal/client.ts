import { z } from 'zod';
import { isDecimalString } from './money.ts';

/** PayPal REST hosts (provider docs). */
export const PAYPAL_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
} as const;

export type PayPalEnvironment = keyof typeof PAYPAL_BASE_URLS;

/** Pino-compatible subset. */
export type PayPalLogger = { warn: (obj: Record<string, unknown>, msg: string) => void };

export type PayPalClientOptions = {
  clientId: string;
  clientSecret: string;
  environment: PayPalEnvironment;
  /** Overrides the host chosen by `environment` (tests point this at the fake server). */
  baseUrl?: string;
  /** Per-request timeout; default 30 s. */
  timeoutMs?: number;
  /** How many times `captureOrder` sends the same request (same `PayPal-Request-Id`) on a timeout or network failure; default 2. */
  captureAttempts?: number;
  logger?: PayPalLogger;
  /** Clock for token expiry; default `Date.now`. */
  now?: () => number;
};

export type PayPalErrorKind =
  | 'auth' // 401/403: bad client credentials or token
  | 'invalid_request' // 400
  | 'not_found' // 404
  | 'unprocessable' // 422: see `issue`, e.g. ORDER_NOT_APPROVED, INSTRUMENT_DECLINED
  | 'rate_limited' // 429
  | 'server' // 5xx
  | 'timeout'
  | 'network'
  | 'unexpected_response';

export type PayPalErrorDetail = { issue?: string; description?: string; field?: string };

export class PayPalApiError extends Error {
  override readonly name = 'PayPalApiError';
  readonly kind: PayPalErrorKind;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** PayPal's error `name`, e.g. `UNPROCESSABLE_ENTITY`, or the OAuth `error` code. */
  readonly errorName: string | undefined;
  /** `details[0].issue`, e.g. `ORDER_ALREADY_CAPTURED`, `INSTRUMENT_DECLINED`. */
  readonly issue: string | undefined;
  readonly details: PayPalErrorDetail[];
  /** From the body's `debug_id` or the `paypal-debug-id` header; quote it to PayPal support. */
  readonly debugId: string | undefined;

  constructor(args: {
    kind: PayPalErrorKind;
    status: number;
    message: string;
    errorName?: string | undefined;
    issue?: string | undefined;
    details?: PayPalErrorDetail[];
    debugId?: string | undefined;
    cause?: unknown;
  }) {
    super(args.message, args.cause === undefined ? undefined : { cause: args.cause });
    this.kind = args.kind;
    this.status = args.status;
    this.errorName = args.errorName;
    this.issue = args.issue;
    this.details = args.details ?? [];
    this.debugId = args.debugId;
  }
}

const ErrorBody = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional(), field: z.string().optional() })).optional(),
  // OAuth endpoint errors
  error: z.string().optional(),
  error_description: z.string().optional(),
});

const TokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

const Link = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

const Money = z.object({ currency_code: z.string(), value: z.string() });

const Capture = z.object({
  id: z.string(),
  status: z.string(),
  amount: Money,
  custom_id: z.string().optional(),
  final_capture: z.boolean().optional(),
  status_details: z.object({ reason: z.string().optional() }).optional(),
});

const Order = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(Link).optional(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        amount: Money.optional(),
        payments: z.object({ captures: z.array(Capture).optional() }).optional(),
      }),
    )
    .optional(),
  payer: z.object({ payer_id: z.string().optional(), email_address: z.string().optional() }).optional(),
});

export type PayPalMoney = { currency_code: string; value: string };

export type CreateOrderInput = {
  /** Our order id; sent as `reference_id` and `custom_id` (max 127 chars). */
  internalOrderId: string;
  /** Decimal string with the currency's precision, e.g. `"10.00"`. */
  amount: string;
  currency: string;
  description: string;
  /** Idempotency key (`PayPal-Request-Id`); reuse it when retrying the same create. */
  requestId: string;
  returnUrl: string;
  cancelUrl: string;
  brandName?: string;
};

export type CreatedOrder = {
  id: string;
  /** `CREATED` or `PAYER_ACTION_REQUIRED`. */
  status: string;
  /** Where to send the buyer (link `payer-action` or `approve`); null if PayPal sent neither. */
  approveUrl: string | null;
};

/** An order as read after capture (or via GET), reduced to what payment verification needs. */
export type PayPalOrderSnapshot = {
  orderId: string;
  /** `CREATED`, `SAVED`, `APPROVED`, `VOIDED`, `COMPLETED`, `PAYER_ACTION_REQUIRED`. */
  orderStatus: string;
  referenceId: string | undefined;
  /** The first capture of the first purchase unit, or null when nothing was captured. */
  capture: {
    id: string;
    /** `COMPLETED`, `PENDING`, `DECLINED`, `FAILED`, `REFUNDED`, `PARTIALLY_REFUNDED`. */
    status: string;
    amount: PayPalMoney;
    customId: string | undefined;
    /** `status_details.reason`, e.g. why a capture is PENDING. */
    statusReason: string | undefined;
  } | null;
  payerId: string | undefined;
};

export type CaptureResult = PayPalOrderSnapshot & {
  /** True when PayPal said ORDER_ALREADY_CAPTURED and the result was read with GET instead. */
  alreadyCaptured: boolean;
};

function snapshotOf(order: z.infer<typeof Order>): PayPalOrderSnapshot {
  const unit = order.purchase_units?.[0];
  const c = unit?.payments?.captures?.[0];
  return {
    orderId: order.id,
    orderStatus: order.status,
    referenceId: unit?.reference_id,
    capture: c
      ? {
          id: c.id,
          status: c.status,
          amount: { currency_code: c.amount.currency_code, value: c.amount.value },
          customId: c.custom_id ?? unit?.custom_id,
          statusReason: c.status_details?.reason,
        }
      : null,
    payerId: order.payer?.payer_id,
  };
}

function kindOf(status: number): PayPalErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 400) return 'invalid_request';
  if (status === 404) return 'not_found';
  if (status === 422) return 'unprocessable';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'unexpected_response';
}

type RawResponse = { status: number; json: unknown; debugId: string | undefined };

/**
 * PayPal Orders v2 client. Holds one cached OAuth access token per instance (refreshed shortly before it
 * expires, or after a 401); create one instance per set of credentials and reuse it.
 */
export class PayPalClient {
  readonly baseUrl: string;
  readonly #opts: PayPalClientOptions;
  #token: { value: string; refreshAt: number } | undefined;
  #pendingToken: Promise<string> | undefined;

  constructor(options: PayPalClientOptions) {
    if (!options.clientId || !options.clientSecret) throw new TypeError('PayPal clientId and clientSecret are required');
    this.#opts = options;
    this.baseUrl = (options.baseUrl ?? PAYPAL_BASE_URLS[options.environment]).replace(/\/+$/, '');
  }

  #now(): number {
    return (this.#opts.now ?? Date.now)();
  }

  async #fetch(method: string, path: string, init: { headers: Record<string, string>; body?: string }): Promise<RawResponse> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { accept: 'application/json', ...init.headers },
        body: init.body,
        signal: AbortSignal.timeout(this.#opts.timeoutMs ?? 30_000),
      });
    } catch (cause) {
      const timeout = cause instanceof DOMException && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      throw new PayPalApiError({
        kind: timeout ? 'timeout' : 'network',
        status: 0,
        message: `PayPal ${method} ${path} ${timeout ? 'timed out' : `failed: ${String(cause)}`}`,
        cause,
      });
    }
    const debugId = res.headers.get('paypal-debug-id') ?? undefined;
    let text: string;
    try {
      text = await res.text();
    } catch (cause) {
      throw new PayPalApiError({
        kind: 'network',
        status: res.status,
        message: `PayPal ${method} ${path}: body read failed`,
        debugId,
        cause,
      });
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (res.ok) return { status: res.status, json, debugId };

    const body = ErrorBody.safeParse(json);
    const err = body.success ? body.data : {};
    const details = err.details ?? [];
    const issue = details[0]?.issue ?? err.error;
    const id = err.debug_id ?? debugId;
    const error = new PayPalApiError({
      kind: kindOf(res.status),
      status: res.status,
      errorName: err.name ?? err.error,
      issue,
      details,
      debugId: id,
      message: `PayPal ${method} ${path} -> ${res.status} ${err.name ?? err.error ?? ''}${issue && issue !== err.error ? ` ${issue}` : ''}: ${
        details[0]?.description ?? err.message ?? err.error_description ?? res.statusText
      }${id ? ` (paypal-debug-id ${id})` : ''}`,
    });
    this.#opts.logger?.warn({ paypalDebugId: id, status: res.status, issue, path }, 'PayPal request failed');
    throw error;
  }

  /** Returns a cached access token, fetching one (single flight) when missing or about to expire. */
  async getAccessToken(): Promise<string> {
    if (this.#token && this.#now() < this.#token.refreshAt) return this.#token.value;
    this.#pendingToken ??= this.#fetchToken().finally(() => {
      this.#pendingToken = undefined;
    });
    return this.#pendingToken;
  }

  async #fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.#opts.clientId}:${this.#opts.clientSecret}`).toString('base64');
    const res = await this.#fetch('POST', '/v1/oauth2/token', {
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const parsed = TokenResponse.safeParse(res.json);
    if (!parsed.success) {
      throw new PayPalApiError({
        kind: 'unexpected_response',
        status: res.status,
        message: 'PayPal token response lacks access_token',
        debugId: res.debugId,
      });
    }
    // Refresh shortly before expiry: 5 minutes early, or halfway for very short lifetimes.
    const marginSec = Math.min(300, parsed.data.expires_in / 2);
    this.#token = { value: parsed.data.access_token, refreshAt: this.#now() + (parsed.data.expires_in - marginSec) * 1000 };
    return parsed.data.access_token;
  }

  /** Forgets the cached token (the next call fetches a new one). */
  clearAccessToken(): void {
    this.#token = undefined;
  }

  async #api(method: 'GET' | 'POST', path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<RawResponse> {
    const send = (token: string) =>
      this.#fetch(method, path, {
        headers: {
          authorization: `Bearer ${token}`,
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...opts.headers,
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
    const token = await this.getAccessToken();
    try {
      return await send(token);
    } catch (err) {
      // A revoked or expired token: fetch a fresh one and try once more.
      if (err instanceof PayPalApiError && err.status === 401) {
        if (this.#token?.value === token) this.clearAccessToken();
        return send(await this.getAccessToken());
      }
      throw err;
    }
  }

  #parseOrder(res: RawResponse, what: string): z.infer<typeof Order> {
    const parsed = Order.safeParse(res.json);
    if (!parsed.success) {
      throw new PayPalApiError({
        kind: 'unexpected_response',
        status: res.status,
        message: `PayPal ${what}: unexpected order shape${res.debugId ? ` (paypal-debug-id ${res.debugId})` : ''}`,
        debugId: res.debugId,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /** `POST /v2/checkout/orders` with intent CAPTURE and one purchase unit tied to our order id. */
  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    if (!isDecimalString(input.amount)) throw new TypeError(`PayPal amount must be a decimal string, got ${JSON.stringify(input.amount)}`);
    if (input.internalOrderId.length === 0 || input.internalOrderId.length > 127)
      throw new TypeError('internalOrderId must be 1-127 characters');
    const experience: Record<string, string> = {
      return_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      user_action: 'PAY_NOW',
      shipping_preference: 'NO_SHIPPING',
    };
    if (input.brandName) experience.brand_name = input.brandName.slice(0, 127);
    const res = await this.#api('POST', '/v2/checkout/orders', {
      headers: { 'paypal-request-id': input.requestId },
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.internalOrderId,
            custom_id: input.internalOrderId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency, value: input.amount },
          },
        ],
        payment_source: { paypal: { experience_context: experience } },
      },
    });
    const order = this.#parseOrder(res, 'create order');
    const link = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
    return { id: order.id, status: order.status, approveUrl: link?.href ?? null };
  }

  /** `GET /v2/checkout/orders/{id}`. */
  async getOrder(orderId: string): Promise<PayPalOrderSnapshot> {
    const res = await this.#api('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    return snapshotOf(this.#parseOrder(res, 'get order'));
  }

  /**
   * `POST /v2/checkout/orders/{id}/capture`. Retries a timed-out or dropped request with the same
   * `PayPal-Request-Id` (PayPal then replays the first result instead of capturing twice). When PayPal answers
   * ORDER_ALREADY_CAPTURED the order is read with GET and returned with `alreadyCaptured: true`.
   * Check the result with `checkCapturedPayment` before granting anything.
   */
  async captureOrder(orderId: string, requestId: string): Promise<CaptureResult> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
    const attempts = Math.max(1, this.#opts.captureAttempts ?? 2);
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.#api('POST', path, {
          headers: { 'paypal-request-id': requestId, prefer: 'return=representation' },
          body: {},
        });
        return { ...snapshotOf(this.#parseOrder(res, 'capture order')), alreadyCaptured: false };
      } catch (err) {
        if (err instanceof PayPalApiError && err.issue === 'ORDER_ALREADY_CAPTURED') {
          return { ...(await this.getOrder(orderId)), alreadyCaptured: true };
        }
        const transient = err instanceof PayPalApiError && (err.kind === 'timeout' || err.kind === 'network');
        if (!transient || attempt >= attempts) throw err;
        this.#opts.logger?.warn(
          { orderId, attempt, error: (err as Error).message },
          'PayPal capture did not answer; retrying with the same PayPal-Request-Id',
        );
      }
    }
  }

  /** `POST /v1/identity/generate-token`: a short-lived token for the browser JS SDK (hosted card fields). */
  async generateClientToken(): Promise<string> {
    const res = await this.#api('POST', '/v1/identity/generate-token', { body: {} });
    const parsed = z.object({ client_token: z.string().min(1) }).safeParse(res.json);
    if (!parsed.success) {
      throw new PayPalApiError({
        kind: 'unexpected_response',
        status: res.status,
        message: 'PayPal generate-token response lacks client_token',
        debugId: res.debugId,
      });
    }
    return parsed.data.client_token;
  }
}
