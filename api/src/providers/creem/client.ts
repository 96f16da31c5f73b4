import { z } from 'zod';

/** Creem API hosts. Test keys work only on the test host, live keys only on prod (provider docs). */
export const CREEM_BASE_URLS = {
  test: 'https://test-api.creem.io',
  prod: 'https://api.creem.io',
} as const;

export type CreemEnvironment = keyof typeof CREEM_BASE_URLS;

export type CreemConnection = {
  apiKey: string;
  environment: CreemEnvironment;
  /** Overrides the host chosen by `environment` (tests point this at the fake server). */
  baseUrl?: string;
  /** Per-request timeout; default 15 s. */
  timeoutMs?: number;
  /** The transport; default the global `fetch` (the sandbox payment method answers in process). */
  fetch?: typeof fetch;
};

/** Why a Creem call failed, as a stable code callers can branch on. */
export type CreemErrorCode =
  | 'invalid_api_key' // 403: bad key, or a test key on the prod host (and vice versa)
  | 'validation' // 400
  | 'not_found' // 404
  | 'rate_limited' // 429
  | 'server' // 5xx
  | 'unexpected_response' // 2xx with a body we cannot read, or another status
  | 'network'; // connection failure or timeout

export class CreemApiError extends Error {
  override readonly name = 'CreemApiError';
  readonly code: CreemErrorCode;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly traceId: string | undefined;
  /** The `message[]` list from Creem's error body. */
  readonly messages: string[];
  /** Seconds from `Retry-After` on 429. */
  readonly retryAfter: number | undefined;

  constructor(args: {
    code: CreemErrorCode;
    status: number;
    message: string;
    traceId?: string | undefined;
    messages?: string[];
    retryAfter?: number | undefined;
    cause?: unknown;
  }) {
    super(args.message, args.cause === undefined ? undefined : { cause: args.cause });
    this.code = args.code;
    this.status = args.status;
    this.traceId = args.traceId;
    this.messages = args.messages ?? [];
    this.retryAfter = args.retryAfter;
  }
}

const ErrorBody = z.object({
  trace_id: z.string().optional(),
  status: z.number().optional(),
  error: z.string().optional(),
  message: z.union([z.array(z.string()), z.string()]).optional(),
});

/** Product, customer and order fields can arrive as an id string or as an expanded object. */
const IdOrObject = z.union([z.string(), z.looseObject({ id: z.string() })]);

const CheckoutOrder = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  product: IdOrObject.optional(),
  type: z.string().optional(),
  transaction: IdOrObject.nullish(),
});

const CheckoutEntity = z.object({
  id: z.string(),
  status: z.string(),
  mode: z.string().optional(),
  product: IdOrObject.optional(),
  request_id: z.string().nullish(),
  checkout_url: z.string().optional(),
  success_url: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  order: CheckoutOrder.nullish(),
  customer: IdOrObject.nullish(),
});

export type CreateCheckoutInput = CreemConnection & {
  productId: string;
  /** Our internal order id; Creem echoes it in the redirect and the webhook. */
  requestId: string;
  successUrl: string;
  customerEmail?: string;
  metadata?: Record<string, string | number | boolean>;
};

export type CreateCheckoutResult = { checkoutId: string; checkoutUrl: string };

export type CreemCheckout = {
  id: string;
  /** `pending`, `completed`, ... (full enum unverified). */
  status: string;
  mode: string | undefined;
  productId: string | undefined;
  requestId: string | undefined;
  metadata: Record<string, unknown>;
  /** Present once the buyer paid. `amount` is in minor units. */
  order: { id: string; amount: number; currency: string; status: string; productId: string | undefined } | null;
  customerId: string | undefined;
};

function idOf(value: z.infer<typeof IdOrObject> | null | undefined): string | undefined {
  if (value == null) return undefined;
  return typeof value === 'string' ? value : value.id;
}

function baseUrlOf(conn: CreemConnection): string {
  return (conn.baseUrl ?? CREEM_BASE_URLS[conn.environment]).replace(/\/+$/, '');
}

async function creemRequest(conn: CreemConnection, method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<unknown> {
  const url = `${baseUrlOf(conn)}${pathAndQuery}`;
  let res: Response;
  try {
    res = await (conn.fetch ?? fetch)(url, {
      method,
      headers: {
        'x-api-key': conn.apiKey,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(conn.timeoutMs ?? 15_000),
    });
  } catch (cause) {
    throw new CreemApiError({ code: 'network', status: 0, message: `Creem ${method} ${pathAndQuery} failed: ${String(cause)}`, cause });
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (res.ok) {
    if (json === undefined) {
      throw new CreemApiError({
        code: 'unexpected_response',
        status: res.status,
        message: `Creem ${method} ${pathAndQuery}: body is not JSON`,
      });
    }
    return json;
  }
  const parsed = ErrorBody.safeParse(json);
  const err = parsed.success ? parsed.data : {};
  const messages = err.message === undefined ? [] : Array.isArray(err.message) ? err.message : [err.message];
  const retryAfterHeader = res.headers.get('retry-after');
  const retryAfter = retryAfterHeader !== null && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : undefined;
  const code: CreemErrorCode =
    res.status === 403 || res.status === 401
      ? 'invalid_api_key'
      : res.status === 400
        ? 'validation'
        : res.status === 404
          ? 'not_found'
          : res.status === 429
            ? 'rate_limited'
            : res.status >= 500
              ? 'server'
              : 'unexpected_response';
  const detail = messages.length > 0 ? messages.join('; ') : (err.error ?? (text.slice(0, 200) || res.statusText));
  throw new CreemApiError({
    code,
    status: res.status,
    message: `Creem ${method} ${pathAndQuery} -> ${res.status}: ${detail}${err.trace_id ? ` (trace_id ${err.trace_id})` : ''}`,
    traceId: err.trace_id,
    messages,
    retryAfter,
  });
}

function parseEntity(json: unknown, what: string): z.infer<typeof CheckoutEntity> {
  const parsed = CheckoutEntity.safeParse(json);
  if (!parsed.success) {
    throw new CreemApiError({
      code: 'unexpected_response',
      status: 200,
      message: `Creem ${what}: unexpected checkout shape: ${parsed.error.message}`,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Creates a hosted checkout for one product (the price comes from the product). `POST {base}/v1/checkouts`. */
export async function createCheckout(input: CreateCheckoutInput): Promise<CreateCheckoutResult> {
  const body: Record<string, unknown> = {
    product_id: input.productId,
    request_id: input.requestId,
    success_url: input.successUrl,
  };
  if (input.customerEmail) body.customer = { email: input.customerEmail };
  if (input.metadata) body.metadata = input.metadata;
  const entity = parseEntity(await creemRequest(input, 'POST', '/v1/checkouts', body), 'create checkout');
  if (!entity.checkout_url) {
    throw new CreemApiError({ code: 'unexpected_response', status: 200, message: 'Creem create checkout: response has no checkout_url' });
  }
  return { checkoutId: entity.id, checkoutUrl: entity.checkout_url };
}

/** Reads a checkout back (`GET {base}/v1/checkouts?checkout_id=`), e.g. to re-check a redirect or a webhook. */
export async function getCheckout(input: CreemConnection & { checkoutId: string }): Promise<CreemCheckout> {
  const query = new URLSearchParams({ checkout_id: input.checkoutId });
  const entity = parseEntity(await creemRequest(input, 'GET', `/v1/checkouts?${query}`), 'get checkout');
  return {
    id: entity.id,
    status: entity.status,
    mode: entity.mode,
    productId: idOf(entity.product),
    requestId: entity.request_id ?? undefined,
    metadata: entity.metadata ?? {},
    order: entity.order
      ? {
          id: entity.order.id,
          amount: entity.order.amount,
          currency: entity.order.currency,
          status: entity.order.status,
          productId: idOf(entity.order.product),
        }
      : null,
    customerId: idOf(entity.customer),
  };
}
