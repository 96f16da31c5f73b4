export {
  type CreemConnection,
  createCheckout,
  getCheckout,
} from './client.ts';
export { redirectSignaturePayload, verifyRedirectSignature } from './redirect.ts';
export {
  type CreemCheckoutCompleted,
  type CreemDisputeCreated,
  type CreemRefundCreated,
  type CreemWebhookEvent,
  CreemWebhookParseError,
  parseWebhookEvent,
  verifyWebhookSignature,
} from './webhook.ts';
