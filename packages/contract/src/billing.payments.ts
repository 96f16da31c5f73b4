// Buying credits: our payment orders, Creem (card) checkout and webhook, PayPal orders and captures.
import { Id, Timestamp, UrlText } from './common.ts';
import { z } from './zod.ts';

export const PAYMENT_PROVIDERS = ['creem', 'paypal'] as const;
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;

/** Fields the original browser client sends next to `packageId`. The server accepts and ignores them. */
const ignoredAmount = z
  .union([z.number(), z.string().max(32)])
  .optional()
  .describe('Ignored: the price always comes from the package on the server. Accepted for compatibility with older clients.')
  .openapi({ example: 10 });
const ignoredCurrency = z
  .string()
  .max(10)
  .optional()
  .describe('Ignored: every order is in USD. Accepted for compatibility with older clients.')
  .openapi({ example: 'USD' });

const PackageId = Id.describe('The credit package to buy. The only field of this body the server uses.');

export const PaymentOrder = z
  .object({
    orderId: Id.describe('Our order id (also sent to the provider as `request_id` / `custom_id`).'),
    provider: z.enum(PAYMENT_PROVIDERS).describe('Who takes the payment: `creem` (card) or `paypal`.').openapi({ example: 'creem' }),
    status: z
      .enum(ORDER_STATUSES)
      .describe(
        '`pending`: waiting for the payment or its confirmation; `paid`: credits granted; `failed`: declined or not matching the order, no credits; `refunded`: the payment was refunded or disputed.',
      )
      .openapi({ example: 'paid' }),
    packageId: Id.nullable().describe('The package bought (null if it was deleted since).'),
    packageName: z.string().max(200).describe('Package name at the time of the order.').openapi({ example: 'Popular' }),
    credits: z
      .number()
      .int()
      .min(1)
      .max(100_000_000)
      .describe('Credits this order grants once paid (copied from the package at order time).')
      .openapi({ example: 1200 }),
    amount: z
      .string()
      .max(20)
      .describe('Price as an exact decimal string (copied from the package at order time).')
      .openapi({ example: '10.00' }),
    currency: z.string().max(3).describe('ISO 4217 currency code; always USD.').openapi({ example: 'USD' }),
    createdAt: Timestamp,
    paidAt: Timestamp.nullable().describe('When the payment was confirmed and the credits granted.'),
  })
  .openapi('PaymentOrder', { description: 'One purchase of a credit package, as the buyer sees it.' });
export type PaymentOrder = z.infer<typeof PaymentOrder>;

export const CreemCheckoutBody = z
  .object({
    packageId: PackageId,
    amount: ignoredAmount,
    currency: ignoredCurrency,
    credits: z
      .union([z.number(), z.string().max(32)])
      .optional()
      .describe('Ignored: credits come from the package on the server. Accepted for compatibility with older clients.')
      .openapi({ example: 1200 }),
    packageName: z
      .string()
      .max(200)
      .optional()
      .describe('Ignored: accepted for compatibility with older clients.')
      .openapi({ example: 'Popular' }),
  })
  .openapi('CreemCheckoutBody');
export type CreemCheckoutBody = z.infer<typeof CreemCheckoutBody>;

export const CreemCheckoutResponse = z
  .object({
    checkoutUrl: UrlText.describe('The hosted Creem checkout page; send the browser there.').openapi({
      example: 'https://checkout.creem.io/ch_1QyIQDw9cbFWdA1ry5Qc6I',
    }),
    orderId: Id.describe('Our order id; Creem echoes it as `request_id` on the return URL.'),
  })
  .openapi('CreemCheckoutResponse');
export type CreemCheckoutResponse = z.infer<typeof CreemCheckoutResponse>;

export const CreemWebhookHeaders = z.object({
  'creem-signature': z
    .string()
    .max(256)
    .optional()
    .describe('Hex HMAC-SHA256 of the raw body keyed with the webhook secret (64 characters). Missing or wrong answers 401.')
    .openapi({ example: 'dfa1d6ef5bd0b0b0c1f58f5b1e1cb2ad3f0f1f0c6f0e8c8a4fbd8f1a2b3c4d5e' }),
});

export const CreemWebhookBody = z
  .looseObject({
    id: z
      .string()
      .max(200)
      .optional()
      .describe('Event id (`evt_...`); each event is handled once.')
      .openapi({ example: 'evt_5WHHcZPv7VS0YUsberIuOz' }),
    eventType: z
      .string()
      .max(100)
      .optional()
      .describe('`checkout.completed`, `refund.created` and `dispute.created` are acted on; others are acknowledged and recorded.')
      .openapi({ example: 'checkout.completed' }),
  })
  .openapi('CreemWebhookBody', { description: 'A Creem webhook event, verified on its raw bytes before it is read.' });

export const WEBHOOK_OUTCOMES = ['granted', 'already_paid', 'refund_recorded', 'dispute_recorded', 'ignored', 'duplicate'] as const;

export const WebhookAck = z
  .object({
    received: z.literal(true).describe('The event was verified and recorded.').openapi({ example: true }),
    outcome: z
      .enum(WEBHOOK_OUTCOMES)
      .describe(
        '`granted`: the order is now paid and its credits added; `already_paid`: the order was paid before; `refund_recorded` / `dispute_recorded`: the order is now refunded; `ignored`: an event type we do not act on; `duplicate`: this event id was handled before.',
      )
      .openapi({ example: 'granted' }),
  })
  .openapi('WebhookAck');
export type WebhookAck = z.infer<typeof WebhookAck>;

const returnParam = (description: string, example: string) => z.string().max(200).optional().describe(description).openapi({ example });

/** Creem's redirect: provider-owned, so open (its signature covers whatever parameters Creem puts there). */
export const CreemReturnQuery = z.looseObject({
  checkout_id: returnParam('Creem checkout id, as Creem put it on the return URL.', 'ch_1QyIQDw9cbFWdA1ry5Qc6I'),
  order_id: returnParam('Creem order id.', 'ord_4ucZ7Ts3r7EhSrl5yQE4G6'),
  customer_id: returnParam('Creem customer id.', 'cust_5mZ0F6rzw1zm3Cw0uTd0F9'),
  subscription_id: returnParam('Creem subscription id (absent for one-time purchases).', 'sub_2lOwKfQwyIQDwE7cFs8x2Z'),
  product_id: returnParam('Creem product id.', 'prod_3ELsVhjaGKZEp0m9CYeg9k'),
  request_id: returnParam('Our order id, echoed by Creem.', '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10'),
  signature: returnParam(
    'SHA-256 signature over the other parameters in URL order, salted with the API key.',
    'a0b3b8e2f7d4c1e9b5a6f3d2c1b0a9e8f7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2',
  ),
});

export const PayPalEnvironmentResponse = z
  .object({
    paypalEnvironment: z
      .enum(['sandbox', 'production'])
      .describe('Which PayPal environment the keys belong to; the browser loads the matching SDK.')
      .openapi({ example: 'sandbox' }),
  })
  .openapi('PayPalEnvironmentResponse');
export type PayPalEnvironmentResponse = z.infer<typeof PayPalEnvironmentResponse>;

export const PayPalSetupResponse = z
  .object({
    clientToken: z
      .string()
      .max(10_000)
      .describe('Short-lived token for the PayPal JS SDK (`data-client-token`), only needed for hosted card fields.')
      .openapi({ example: 'eyJicmFpbnRyZWUiOnsiYXV0aG9yaXphdGlvbkZpbmdlcnByaW50IjoiYjA0MWE2M2JlMTM4M2NlZGUxZTI3OWFlNDlmYmFmNTVjMjI1' }),
  })
  .openapi('PayPalSetupResponse');
export type PayPalSetupResponse = z.infer<typeof PayPalSetupResponse>;

export const PayPalOrderBody = z
  .object({
    packageId: PackageId,
    amount: ignoredAmount,
    currency: ignoredCurrency,
    intent: z
      .string()
      .max(20)
      .optional()
      .describe('Ignored: the intent is always CAPTURE. Accepted for compatibility with older clients.')
      .openapi({ example: 'CAPTURE' }),
  })
  .openapi('PayPalOrderBody');
export type PayPalOrderBody = z.infer<typeof PayPalOrderBody>;

export const PayPalOrderResponse = z
  .object({
    id: z
      .string()
      .max(64)
      .describe('The PayPal order id (what the JS SDK `createOrder` must return, and the `token` on the return URL).')
      .openapi({ example: '5O190127TN364715T' }),
    orderId: Id.describe('Our order id (PayPal `custom_id`).'),
    approveUrl: UrlText.nullable()
      .describe(
        'Where to send the buyer to approve the payment without the JS SDK; PayPal then returns to `/pricing?payment=paypal_return&token=<id>`.',
      )
      .openapi({ example: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T' }),
  })
  .openapi('PayPalOrderResponse');
export type PayPalOrderResponse = z.infer<typeof PayPalOrderResponse>;

export const PayPalCaptureParams = z.object({
  orderId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Not a PayPal order id')
    .describe('The PayPal order id returned by create order (not our order id).')
    .openapi({ example: '5O190127TN364715T' }),
});

export const PayPalCaptureBody = z
  .object({
    packageId: Id.optional().describe('Ignored: the order already knows its package. Accepted for compatibility with older clients.'),
  })
  .openapi('PayPalCaptureBody');
