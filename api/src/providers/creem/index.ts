export {
  CREEM_BASE_URLS,
  type CreateCheckoutInput,
  type CreateCheckoutResult,
  CreemApiError,
  type CreemCheckout,
  type CreemConnection,
  type CreemEnvironment,
  type CreemErrorCode,
  createCheckout,
  getCheckout,
} from './client.ts';
export { type RedirectParamsInput, redirectSignaturePayload, verifyRedirectSignature } from './redirect.ts';
export {
  type CreemCheckoutCompleted,
  type CreemDisputeCreated,
  type CreemOtherEvent,
  type CreemRefundCreated,
  type CreemWebhookEvent,
  CreemWebhookParseError,
  parseWebhookEvent,
  verifyWebhookSignature,
} from './webhook.ts';
