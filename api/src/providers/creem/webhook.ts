import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Checks the `creem-signature` header: lowercase hex HMAC-SHA256 of the raw request body keyed with the
 * webhook secret (provider docs). Pass the exact bytes received, before any JSON parsing.
 * Returns false (never throws) for a missing, malformed or wrong signature.
 */
export function verifyWebhookSignature(
  rawBody: Buffer | Uint8Array | string,
  signatureHeader: string | string[] | null | undefined,
  secret: string,
): boolean {
  if (!secret) return false;
  const header = Array.isArray(signatureHeader) ? signatureHeader[0] : signatureHeader;
  if (typeof header !== 'string') return false;
  const given = header.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export class CreemWebhookParseError extends Error {
  override readonly name = 'CreemWebhookParseError';
}

const IdOrObject = z.union([z.string(), z.looseObject({ id: z.string() })]);
type IdOrObject = z.infer<typeof IdOrObject>;
const idOf = (v: IdOrObject | null | undefined): string | undefined => (v == null ? undefined : typeof v === 'string' ? v : v.id);

const Envelope = z.object({
  id: z.string().min(1),
  eventType: z.string().min(1),
  created_at: z.number().optional(),
  object: z.unknown(),
});

const Customer = z.object({
  id: z.string(),
  email: z.string().nullish(),
  name: z.string().nullish(),
  country: z.string().nullish(),
});

const CheckoutCompletedObject = z.object({
  id: z.string(),
  request_id: z.string().nullish(),
  status: z.string(),
  mode: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  order: z.object({
    id: z.string(),
    amount: z.number().int().nonnegative(),
    currency: z.string().min(1),
    status: z.string(),
    product: IdOrObject.optional(),
    type: z.string().optional(),
    transaction: IdOrObject.nullish(),
  }),
  product: z.object({
    id: z.string(),
    name: z.string().nullish(),
    price: z.number().int().nullish(),
    currency: z.string().nullish(),
    billing_type: z.string().nullish(),
  }),
  customer: z.union([Customer, z.string()]).nullish(),
});

/** Links back from a refund/dispute to what it is about; Creem sends ids or expanded objects. */
const RelatedRefs = {
  transaction: IdOrObject.nullish(),
  order: IdOrObject.nullish(),
  checkout: z.union([z.string(), z.looseObject({ id: z.string(), request_id: z.string().nullish() })]).nullish(),
  customer: IdOrObject.nullish(),
};

const RefundObject = z.object({
  id: z.string(),
  status: z.string().optional(),
  refund_amount: z.number().int().nonnegative(),
  refund_currency: z.string().min(1),
  reason: z.string().nullish(),
  ...RelatedRefs,
});

const DisputeObject = z.object({
  id: z.string(),
  status: z.string().optional(),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1),
  ...RelatedRefs,
});

type Related = {
  transactionId: string | undefined;
  orderId: string | undefined;
  checkoutId: string | undefined;
  /** Our order id, when Creem expanded the checkout in the payload. */
  requestId: string | undefined;
  customerId: string | undefined;
};

type EventBase = { id: string; createdAt: number | undefined };

export type CreemCheckoutCompleted = EventBase & {
  type: 'checkout.completed';
  checkout: {
    id: string;
    /** Our internal order id as sent in `createCheckout`. */
    requestId: string | undefined;
    status: string;
    mode: string | undefined;
    metadata: Record<string, unknown>;
  };
  /** `amount` is in integer minor units; `status` is `paid` when paid. */
  order: { id: string; amount: number; currency: string; status: string; productId: string | undefined; type: string | undefined };
  product: { id: string; name: string | undefined; price: number | undefined; currency: string | undefined };
  customer: { id: string; email: string | undefined; name: string | undefined } | null;
};

export type CreemRefundCreated = EventBase & {
  type: 'refund.created';
  /** `amount` in minor units. */
  refund: { id: string; status: string | undefined; amount: number; currency: string; reason: string | undefined } & Related;
};

export type CreemDisputeCreated = EventBase & {
  type: 'dispute.created';
  /** `amount` in minor units. */
  dispute: { id: string; status: string | undefined; amount: number; currency: string } & Related;
};

export type CreemOtherEvent = EventBase & { type: 'unknown'; eventType: string; object: unknown };

export type CreemWebhookEvent = CreemCheckoutCompleted | CreemRefundCreated | CreemDisputeCreated | CreemOtherEvent;

function related(o: z.infer<typeof RefundObject> | z.infer<typeof DisputeObject>): Related {
  const checkout = o.checkout;
  return {
    transactionId: idOf(o.transaction),
    orderId: idOf(o.order),
    checkoutId: checkout == null ? undefined : typeof checkout === 'string' ? checkout : checkout.id,
    requestId: checkout != null && typeof checkout !== 'string' ? (checkout.request_id ?? undefined) : undefined,
    customerId: idOf(o.customer),
  };
}

function parseObject<T extends z.ZodType>(schema: T, value: unknown, eventType: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new CreemWebhookParseError(`Creem ${eventType} event has an unexpected shape: ${parsed.error.message}`, { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * Parses a webhook body (verify the signature first) into a typed event. Unknown event types come back as
 * `{ type: 'unknown' }` so the caller can acknowledge them. Extra fields are ignored.
 * Throws `CreemWebhookParseError` when the body is not JSON or a known event lacks required fields.
 */
export function parseWebhookEvent(rawBody: Buffer | Uint8Array | string): CreemWebhookEvent {
  const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new CreemWebhookParseError('Creem webhook body is not JSON', { cause });
  }
  const envelope = parseObject(Envelope, json, 'webhook');
  const base: EventBase = { id: envelope.id, createdAt: envelope.created_at };
  switch (envelope.eventType) {
    case 'checkout.completed': {
      const o = parseObject(CheckoutCompletedObject, envelope.object, envelope.eventType);
      const customer = o.customer == null ? null : typeof o.customer === 'string' ? { id: o.customer } : o.customer;
      return {
        ...base,
        type: 'checkout.completed',
        checkout: { id: o.id, requestId: o.request_id ?? undefined, status: o.status, mode: o.mode, metadata: o.metadata ?? {} },
        order: {
          id: o.order.id,
          amount: o.order.amount,
          currency: o.order.currency,
          status: o.order.status,
          productId: idOf(o.order.product),
          type: o.order.type,
        },
        product: {
          id: o.product.id,
          name: o.product.name ?? undefined,
          price: o.product.price ?? undefined,
          currency: o.product.currency ?? undefined,
        },
        customer: customer && {
          id: customer.id,
          email: 'email' in customer ? (customer.email ?? undefined) : undefined,
          name: 'name' in customer ? (customer.name ?? undefined) : undefined,
        },
      };
    }
    case 'refund.created': {
      const o = parseObject(RefundObject, envelope.object, envelope.eventType);
      return {
        ...base,
        type: 'refund.created',
        refund: {
          id: o.id,
          status: o.status,
          amount: o.refund_amount,
          currency: o.refund_currency,
          reason: o.reason ?? undefined,
          ...related(o),
        },
      };
    }
    case 'dispute.created': {
      const o = parseObject(DisputeObject, envelope.object, envelope.eventType);
      return {
        ...base,
        type: 'dispute.created',
        dispute: { id: o.id, status: o.status, amount: o.amount, currency: o.currency, ...related(o) },
      };
    }
    default:
      return { ...base, type: 'unknown', eventType: envelope.eventType, object: envelope.object };
  }
}
