// KIE task callbacks (provider docs). The body is not trusted: read the task id, optionally verify
// the HMAC signature of `taskId.timestamp`, then re-fetch recordInfo for the real state.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const KIE_SIGNATURE_HEADERS = { timestamp: 'x-webhook-timestamp', signature: 'x-webhook-signature' } as const;

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function taskIdValue(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0 && value.length <= 200) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/** The task id of a callback body (`data.taskId ?? data.task_id ?? body.taskId`), or null. */
export function parseKieCallback(body: unknown): { taskId: string } | null {
  const root = record(body);
  if (!root) return null;
  const data = record(root.data);
  const taskId = taskIdValue(data?.taskId) ?? taskIdValue(data?.task_id) ?? taskIdValue(root.taskId) ?? taskIdValue(root.task_id);
  return taskId ? { taskId } : null;
}

/** base64(HMAC-SHA256(key, `${taskId}.${timestamp}`)). */
export function signKieCallback(hmacKey: string, taskId: string, timestamp: string | number): string {
  return createHmac('sha256', hmacKey).update(`${taskId}.${timestamp}`).digest('base64');
}

export type KieSignatureFailure = 'missing_headers' | 'bad_timestamp' | 'expired' | 'bad_signature';

export interface VerifyKieCallbackInput {
  taskId: string;
  /** `X-Webhook-Timestamp`: Unix seconds. */
  timestampHeader: string | string[] | undefined;
  /** `X-Webhook-Signature`: base64. */
  signatureHeader: string | string[] | undefined;
  hmacKey: string;
  /** Epoch milliseconds; default `Date.now()`. */
  now?: number;
  /** Accepted clock difference either way; default 300 s. */
  toleranceSeconds?: number;
}

export type VerifyKieCallbackResult = { ok: true } | { ok: false; reason: KieSignatureFailure };

function single(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? (header.length === 1 ? header[0] : undefined) : header;
}

export function verifyKieCallbackSignature(input: VerifyKieCallbackInput): VerifyKieCallbackResult {
  const timestamp = single(input.timestampHeader)?.trim();
  const signature = single(input.signatureHeader)?.trim();
  if (!timestamp || !signature || !input.hmacKey || !input.taskId) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'bad_timestamp' };
  const tolerance = input.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(signKieCallback(input.hmacKey, input.taskId, timestamp), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  return { ok: true };
}
