// Payment routes: Creem card checkout and webhook, PayPal orders and captures.
import {
  CreemCheckoutBody,
  CreemCheckoutResponse,
  CreemReturnQuery,
  CreemWebhookBody,
  CreemWebhookHeaders,
  PaymentOrder,
  PayPalCaptureBody,
  PayPalCaptureParams,
  PayPalEnvironmentResponse,
  PayPalOrderBody,
  PayPalOrderResponse,
  PayPalSetupResponse,
  WebhookAck,
} from './billing.payments.ts';
import { IdempotencyHeaders, REPLAYED_HEADERS, withIdempotencyProblems } from './idempotency.ts';
import { defineRoute, type ProblemExample, type RouteDef } from './route.ts';

const providerFailed = (provider: string): ProblemExample => ({
  code: 'payment_provider_failed',
  title: 'Payment provider failed',
  detail: `${provider} did not answer as expected. Please try again in a moment.`,
  retryable: true,
});
const methodUnavailable = (method: string): ProblemExample => ({
  code: 'payment_method_unavailable',
  title: 'Payment method unavailable',
  detail: `${method} is currently unavailable. Please contact support.`,
});
const CREEM: RouteDef['problemExamples'] = { 502: [providerFailed('Creem')], 503: [methodUnavailable('Card payment')] };
const PAYPAL: RouteDef['problemExamples'] = { 502: [providerFailed('PayPal')], 503: [methodUnavailable('PayPal')] };

export const createCreemCheckout = defineRoute({
  method: 'post',
  path: '/api/creem/checkout',
  operationId: 'createCreemCheckout',
  summary: 'Start a card payment (Creem checkout)',
  description:
    "Creates a pending order for the package (credits and price copied from the package on the server; every body field but `packageId` is ignored), then a Creem checkout for the package's Creem product with our order id as `request_id`. Send the browser to `checkoutUrl`. After paying, Creem returns it to `/purchase-credits?checkout_id=...&order_id=...&request_id=...&signature=...`: pass that query to `GET /api/creem/verify-return`. Credits are granted by the signed webhook (or that check), never by the browser. 400 for an unknown or inactive package or one without a Creem product id; 503 when card payment is not enabled and configured; 502 when Creem fails.",
  tags: ['Payments'],
  role: 'user',
  request: { body: CreemCheckoutBody, headers: IdempotencyHeaders },
  responses: { 201: { description: 'Checkout created.', schema: CreemCheckoutResponse, headers: REPLAYED_HEADERS } },
  ...withIdempotencyProblems([502, 503], CREEM),
});

export const receiveCreemWebhook = defineRoute({
  method: 'post',
  path: '/api/creem/webhook',
  operationId: 'receiveCreemWebhook',
  summary: 'Creem webhook (configure this URL in the Creem dashboard)',
  description:
    'Verifies `creem-signature` on the raw body (401 when missing or wrong; nothing changes), handles each event id once, and for `checkout.completed` checks the order (`request_id`), product, amount and currency before granting the credits exactly once. A payment that does not match its order answers 422 (`payment_mismatch`), marks the order failed and grants nothing; an unknown order answers 422 (`unknown_order`). `refund.created` and `dispute.created` mark the order refunded and take back the credits still unspent (never below zero). Other events are acknowledged. 503 while no webhook secret is configured (Creem retries).',
  tags: ['Payments'],
  role: 'anonymous',
  request: { body: CreemWebhookBody, headers: CreemWebhookHeaders },
  responses: { 200: { description: 'Event verified and handled.', schema: WebhookAck } },
  problems: [401, 422, 503],
  problemExamples: {
    401: [{ code: 'invalid_signature', title: 'Invalid signature', detail: 'The webhook signature does not match.' }],
    422: [{ code: 'unknown_order', title: 'Unknown order', detail: 'The event does not belong to any order of ours.' }],
    503: [methodUnavailable('Card payment')],
  },
});

export const verifyCreemReturn = defineRoute({
  method: 'get',
  path: '/api/creem/verify-return',
  operationId: 'verifyCreemReturn',
  summary: 'Check the Creem return URL and answer the order',
  description:
    'Pass the query string of the return URL unchanged (same parameters, same order). The signature is checked with the API key; a wrong or missing one answers 400 (`invalid_signature`). When the order is still pending, Creem is asked about the checkout and a confirmed, matching payment is granted here (the webhook may come later; credits are granted once either way). Show "Payment Successful!" for `paid`, and for `pending` say the credits arrive after confirmation. 404 when the order is not the caller\'s.',
  tags: ['Payments'],
  role: 'user',
  request: { query: CreemReturnQuery },
  responses: { 200: { description: 'The verified order.', schema: PaymentOrder } },
  problems: [404, 503],
  problemExamples: {
    400: [
      {
        code: 'invalid_signature',
        title: 'Invalid signature',
        detail: 'This payment return link is not signed by the payment provider.',
      },
    ],
    503: [methodUnavailable('Card payment')],
  },
});

export const getPayPalEnvironment = defineRoute({
  method: 'get',
  path: '/api/paypal/environment',
  operationId: 'getPayPalEnvironment',
  summary: 'Which PayPal environment is in use',
  description: 'sandbox or production, as the admin settings say; the browser loads the matching PayPal SDK.',
  tags: ['Payments'],
  role: 'anonymous',
  responses: { 200: { description: 'The configured environment.', schema: PayPalEnvironmentResponse } },
});

export const getPayPalSetup = defineRoute({
  method: 'get',
  path: '/paypal/setup',
  operationId: 'getPayPalSetup',
  summary: 'A client token for the PayPal JS SDK',
  description:
    'Only needed for hosted card fields; plain PayPal buttons and the approve-link flow work without it. 503 when PayPal is not enabled and configured.',
  tags: ['Payments'],
  role: 'user',
  responses: { 200: { description: 'A fresh client token.', schema: PayPalSetupResponse } },
  problems: [502, 503],
  problemExamples: PAYPAL,
});

export const createPayPalOrder = defineRoute({
  method: 'post',
  path: '/paypal/order',
  operationId: 'createPayPalOrder',
  summary: 'Start a PayPal payment',
  description:
    'Creates a pending order for the package (credits and price from the package on the server; every body field but `packageId` is ignored), then a PayPal order (intent CAPTURE, our order id as `custom_id`). Return `id` from the JS SDK `createOrder`, or send the browser to `approveUrl`: PayPal returns it to `/pricing?payment=paypal_return&token=<id>&PayerID=...` (cancel: `/pricing?payment=cancelled&token=<id>`), where the page calls capture. 400 for an unknown or inactive package; 503 when PayPal is not enabled and configured; 502 when PayPal fails.',
  tags: ['Payments'],
  role: 'user',
  request: { body: PayPalOrderBody, headers: IdempotencyHeaders },
  responses: { 201: { description: 'PayPal order created.', schema: PayPalOrderResponse, headers: REPLAYED_HEADERS } },
  ...withIdempotencyProblems([502, 503], PAYPAL),
});

export const capturePayPalOrder = defineRoute({
  method: 'post',
  path: '/paypal/order/{orderId}/capture',
  operationId: 'capturePayPalOrder',
  summary: 'Capture an approved PayPal payment',
  description:
    "Captures the caller's own order (404 for anyone else's) and grants its credits exactly once after checking the captured amount, currency and `custom_id`. Safe to repeat: a retry after a lost answer replays the same capture, and an order already paid answers `paid` again without granting twice. A capture PayPal holds as PENDING answers `pending` (no credits yet; call again later to settle it). A declined payment answers 422 `payment_declined` and marks the order failed; a declined card the buyer may retry with another funding source answers 422 `instrument_declined` (order stays pending); a payment that does not match the order answers 422 `payment_mismatch`. 502 when PayPal fails (retry). Works while PayPal is switched off as long as its keys are set, so approved payments are never stranded.",
  tags: ['Payments'],
  role: 'user',
  request: { params: PayPalCaptureParams, body: PayPalCaptureBody },
  responses: { 200: { description: 'The order after the capture: `paid` or `pending`.', schema: PaymentOrder } },
  problems: [422, 502, 503],
  problemExamples: {
    ...PAYPAL,
    422: [
      {
        code: 'payment_not_completed',
        title: 'Payment not completed',
        detail: 'The payment has not been approved in PayPal yet.',
        retryable: true,
      },
    ],
  },
});

export const paymentRoutes = [
  createCreemCheckout,
  receiveCreemWebhook,
  verifyCreemReturn,
  getPayPalEnvironment,
  getPayPalSetup,
  createPayPalOrder,
  capturePayPalOrder,
] as const;
