// @nano-banana/sdk: the automation API's client, its types and webhook verification.
export {
  type Balance,
  type Client,
  type ClientOptions,
  createClient,
  type EditBody,
  type GenerateBody,
  type SubmitKind,
  type SubmitOptions,
  type SubmitResult,
  type Submitted,
  type TaskStatus,
  type UpscaleBody,
  type WaitOptions,
} from './client.ts';
export { ApiError, type Problem, WaitTimeoutError } from './errors.ts';
export type { components, operations, paths } from './generated/schema.ts';
export { type VerifyWebhookOptions, type VerifyWebhookResult, verifyWebhook, type WebhookFailure } from './webhooks.ts';
