// PayPal Orders v2 through PayPal's server SDK (`@paypal/paypal-server-sdk`): it builds the requests, signs them with
// the OAuth token and parses the answers. Around it, what the SDK leaves to us: a host override (the SDK knows only
// PayPal's two hosts), one token fetch at a time, a fresh token after a 401, a deadline per call, the capture retried
// with its PayPal-Request-Id, generate-token (not in the SDK) and errors typed by PayPal's `issue`.
import {
  AbortError,
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OAuthAuthorizationController,
  type OAuthToken,
  type Order,
  OrdersController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  ResponseValidationError,
} from '@paypal/paypal-server-sdk';
import { z } from 'zod';
import { isDecimalString } from './money.ts';

/** PayPal REST hosts (provider docs); the SDK's environments use the same. */
export const PAYPAL_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
} as const;

export type PayPalEnvironment = keyof typeof PAYPAL_BASE_URLS;

const SDK_ENVIRONMENTS: Record<PayPalEnvironment, Environment> = {
  sandbox: Environment.Sandbox,
  production: Environment.Production,
};

/** Pino-compatible subset. */
export type PayPalLogger = { warn: (obj: Record<string, unknown>, msg: string) => void };

export type PayPalClientOptions = {
  clientId: string;
  clientSecret: string;
  environment: PayPalEnvironment;
  /** Overrides the host chosen by `environment` (tests point this at the fake server). */
  baseUrl?: string;
  /** Deadline of each call; default 30 s. */
  timeoutMs?: number;
  /** How many times `captureOrder` sends the same request (same `PayPal-Request-Id`) on a timeout or network failure; default 2. */
  captureAttempts?: number;
  logger?: PayPalLogger;
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

/** The SDK's answers are optional all the way down; what verification needs must be there. */
function snapshotOf(order: Order, what: string): PayPalOrderSnapshot {
  if (!order.id || !order.status) throw unexpected(`PayPal ${what}: the order has no id or status`);
  const unit = order.purchaseUnits?.[0];
  const c = unit?.payments?.captures?.[0];
  if (c && (!c.id || !c.status || !c.amount)) throw unexpected(`PayPal ${what}: the capture has no id, status or amount`);
  return {
    orderId: order.id,
    orderStatus: order.status,
    referenceId: unit?.referenceId,
    capture:
      c?.id && c.status && c.amount
        ? {
            id: c.id,
            status: c.status,
            amount: { currency_code: c.amount.currencyCode, value: c.amount.value },
            customId: c.customId ?? unit?.customId,
            statusReason: c.statusDetails?.reason,
          }
        : null,
    payerId: order.payer?.payerId,
  };
}

const unexpected = (message: string, cause?: unknown) => new PayPalApiError({ kind: 'unexpected_response', status: 0, message, cause });

function kindOf(status: number): PayPalErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 400) return 'invalid_request';
  if (status === 404) return 'not_found';
  if (status === 422) return 'unprocessable';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'unexpected_response';
}

const TOKEN_PATH = '/v1/oauth2/token';

/** The path a failed SDK call went to, for messages and logs. */
function pathOf(url: string | undefined): string {
  try {
    return url ? new URL(url).pathname : '';
  } catch {
    return '';
  }
}

/**
 * PayPal Orders v2 client. Holds one cached OAuth access token per instance (refreshed shortly before it
 * expires, or after a 401); create one instance per set of credentials and reuse it.
 */
export class PayPalClient {
  readonly baseUrl: string;
  readonly #opts: PayPalClientOptions;
  readonly #orders: OrdersController;
  readonly #oauth: OAuthAuthorizationController;
  readonly #request: ReturnType<Client['getRequestBuilderFactory']>;
  #token: OAuthToken | undefined;
  #pendingToken: Promise<OAuthToken> | undefined;

  constructor(options: PayPalClientOptions) {
    if (!options.clientId || !options.clientSecret) throw new TypeError('PayPal clientId and clientSecret are required');
    this.#opts = options;
    const sdkHost = PAYPAL_BASE_URLS[options.environment];
    this.baseUrl = (options.baseUrl ?? sdkHost).replace(/\/+$/, '');
    const timeout = options.timeoutMs ?? 30_000;
    const sdk = new Client({
      environment: SDK_ENVIRONMENTS[options.environment],
      timeout,
      clientCredentialsAuthCredentials: {
        oAuthClientId: options.clientId,
        oAuthClientSecret: options.clientSecret,
        // The SDK's own token fetch would go to PayPal's host and run once per concurrent call.
        oAuthTokenProvider: () => this.#currentToken(),
      },
    });
    // Every request the SDK builds (the token's too) goes to `baseUrl`: its environments name only PayPal's hosts.
    const build = sdk.getRequestBuilderFactory();
    const rebase = (url: string) => (url.startsWith(sdkHost) ? `${this.baseUrl}${url.slice(sdkHost.length)}` : url);
    this.#request = (method, path) => {
      const builder = build(method, path);
      if (this.baseUrl !== sdkHost) builder.interceptRequest((request) => ({ ...request, url: rebase(request.url) }));
      return builder;
    };
    const routed = { getRequestBuilderFactory: () => this.#request };
    this.#orders = new OrdersController(routed);
    this.#oauth = new OAuthAuthorizationController(routed);
  }

  #deadline() {
    return { abortSignal: AbortSignal.timeout(this.#opts.timeoutMs ?? 30_000) };
  }

  /** The cached token, or one fetched (single flight) when missing or within its refresh margin. */
  async #currentToken(): Promise<OAuthToken> {
    if (this.#token?.expiry !== undefined && BigInt(Math.floor(Date.now() / 1000)) < this.#token.expiry) return this.#token;
    this.#pendingToken ??= this.#fetchToken().finally(() => {
      this.#pendingToken = undefined;
    });
    return this.#pendingToken;
  }

  async #fetchToken(): Promise<OAuthToken> {
    const basic = Buffer.from(`${this.#opts.clientId}:${this.#opts.clientSecret}`).toString('base64');
    const { result } = await this.#call('POST', TOKEN_PATH, () =>
      this.#oauth.requestToken({ authorization: `Basic ${basic}` }, undefined, this.#deadline()),
    );
    const lifetime = Number(result.expiresIn ?? 0);
    if (!result.accessToken || !(lifetime > 0)) throw unexpected('PayPal token response lacks access_token or expires_in');
    // Refresh shortly before expiry: 5 minutes early, or halfway for very short lifetimes. The SDK reuses the
    // token until this `expiry` (seconds), then asks again.
    const margin = Math.min(300, lifetime / 2);
    this.#token = { ...result, expiry: BigInt(Math.floor(Date.now() / 1000 + lifetime - margin)) };
    return this.#token;
  }

  /** Returns a cached access token, fetching one (single flight) when missing or about to expire. */
  async getAccessToken(): Promise<string> {
    return (await this.#currentToken()).accessToken;
  }

  /** Runs one SDK call, mapping whatever it throws to a `PayPalApiError` (and logging PayPal's debug id). */
  async #call<T>(method: string, path: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.#toPayPalError(error, method, path);
    }
  }

  #toPayPalError(error: unknown, method: string, fallbackPath: string): PayPalApiError {
    if (error instanceof PayPalApiError) return error;
    if (error instanceof ResponseValidationError) {
      return unexpected(`PayPal ${method} ${fallbackPath}: unexpected answer shape (${error.message})`, error);
    }
    if (error instanceof ApiError) {
      const path = pathOf(error.request?.url) || fallbackPath;
      let json: unknown;
      try {
        json = typeof error.body === 'string' && error.body ? JSON.parse(error.body) : undefined;
      } catch {
        json = undefined;
      }
      const parsed = ErrorBody.safeParse(json);
      const err = parsed.success ? parsed.data : {};
      const details = err.details ?? [];
      const issue = details[0]?.issue ?? err.error;
      const debugId = err.debug_id ?? error.headers?.['paypal-debug-id'];
      this.#opts.logger?.warn({ paypalDebugId: debugId, status: error.statusCode, issue, path }, 'PayPal request failed');
      return new PayPalApiError({
        kind: kindOf(error.statusCode),
        status: error.statusCode,
        errorName: err.name ?? err.error,
        issue,
        details,
        debugId,
        message: `PayPal ${method} ${path} -> ${error.statusCode} ${err.name ?? err.error ?? ''}${issue && issue !== err.error ? ` ${issue}` : ''}: ${
          details[0]?.description ?? err.message ?? err.error_description ?? 'request failed'
        }${debugId ? ` (paypal-debug-id ${debugId})` : ''}`,
        cause: error,
      });
    }
    // No answer: our deadline (the SDK's AbortError), axios' own timeout, or the connection failing.
    const code = (error as { code?: unknown } | null)?.code;
    const timeout = error instanceof AbortError || code === 'ECONNABORTED' || code === 'ETIMEDOUT';
    return new PayPalApiError({
      kind: timeout ? 'timeout' : 'network',
      status: 0,
      message: `PayPal ${method} ${fallbackPath} ${timeout ? 'timed out' : `failed: ${String(error)}`}`,
      cause: error,
    });
  }

  /** One API call; a rejected token (revoked, expired early) is replaced once and the call sent again. */
  async #api<T>(method: string, path: string, run: () => Promise<T>): Promise<T> {
    const token = await this.#call(method, path, () => this.#currentToken());
    try {
      return await this.#call(method, path, run);
    } catch (error) {
      if (!(error instanceof PayPalApiError && error.status === 401)) throw error;
      // Expire the token the SDK holds (it reads `expiry` before each call), so it asks for a new one.
      if (this.#token === token) {
        token.expiry = 0n;
        this.#token = undefined;
      }
      return this.#call(method, path, run);
    }
  }

  /** `POST /v2/checkout/orders` with intent CAPTURE and one purchase unit tied to our order id. */
  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    if (!isDecimalString(input.amount)) throw new TypeError(`PayPal amount must be a decimal string, got ${JSON.stringify(input.amount)}`);
    if (input.internalOrderId.length === 0 || input.internalOrderId.length > 127)
      throw new TypeError('internalOrderId must be 1-127 characters');
    const { result } = await this.#api('POST', '/v2/checkout/orders', () =>
      this.#orders.createOrder(
        {
          paypalRequestId: input.requestId,
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: input.internalOrderId,
                customId: input.internalOrderId,
                description: input.description.slice(0, 127),
                amount: { currencyCode: input.currency, value: input.amount },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: input.returnUrl,
                  cancelUrl: input.cancelUrl,
                  userAction: PaypalExperienceUserAction.PayNow,
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                  ...(input.brandName && { brandName: input.brandName.slice(0, 127) }),
                },
              },
            },
          },
        },
        this.#deadline(),
      ),
    );
    if (!result.id || !result.status) throw unexpected('PayPal create order: the order has no id or status');
    const link = result.links?.find((l) => l.rel === 'payer-action') ?? result.links?.find((l) => l.rel === 'approve');
    return { id: result.id, status: result.status, approveUrl: link?.href ?? null };
  }

  /** `GET /v2/checkout/orders/{id}`. */
  async getOrder(orderId: string): Promise<PayPalOrderSnapshot> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
    const { result } = await this.#api('GET', path, () => this.#orders.getOrder({ id: orderId }, this.#deadline()));
    return snapshotOf(result, 'get order');
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
        const { result } = await this.#api('POST', path, () =>
          this.#orders.captureOrder(
            { id: orderId, paypalRequestId: requestId, prefer: 'return=representation', body: {} },
            this.#deadline(),
          ),
        );
        return { ...snapshotOf(result, 'capture order'), alreadyCaptured: false };
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

  /**
   * `POST /v1/identity/generate-token`: a short-lived token for the browser JS SDK (hosted card fields). The SDK has
   * no method for it, so the request is built with the SDK's own request builder (same host, token and errors).
   */
  async generateClientToken(): Promise<string> {
    const path = '/v1/identity/generate-token';
    const { result } = await this.#api('POST', path, () => {
      const request = this.#request('POST', path);
      request.header('Content-Type', 'application/json');
      request.json({});
      request.authenticate([{ oauth2: true }]);
      return request.callAsText(this.#deadline());
    });
    let json: unknown;
    try {
      json = JSON.parse(result);
    } catch {
      json = undefined;
    }
    const parsed = z.object({ client_token: z.string().min(1) }).safeParse(json);
    if (!parsed.success) throw unexpected('PayPal generate-token response lacks client_token');
    return parsed.data.client_token;
  }
}
