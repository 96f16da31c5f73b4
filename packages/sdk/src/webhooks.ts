// Checks our callbacks' Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>`,
// keyed with the base64 bytes after the token's `whsec_` prefix.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface VerifyWebhookOptions {
  /** The request headers (a `Headers` or a plain object as Node's `req.headers`). */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The raw body exactly as received (parse it only after verifying). */
  body: string;
  /** The token's signing secret, `whsec_...`, shown once when the token was made. */
  secret: string;
  /** How far `webhook-timestamp` may be from now, against replays. Default 300 s. */
  toleranceSeconds?: number;
  /** The current time, for tests. */
  now?: Date;
}

export type WebhookFailure = 'missing_headers' | 'timestamp_out_of_range' | 'bad_signature';
export type VerifyWebhookResult = { ok: true; id: string; timestamp: number } | { ok: false; reason: WebhookFailure };

function header(headers: VerifyWebhookOptions['headers'], name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether a callback came from us, unchanged and recent. Never throws on bad input: check `ok`. */
export function verifyWebhook(options: VerifyWebhookOptions): VerifyWebhookResult {
  const id = header(options.headers, 'webhook-id');
  const timestamp = header(options.headers, 'webhook-timestamp');
  const signature = header(options.headers, 'webhook-signature');
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing_headers' };
  const seconds = Number(timestamp);
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) {
    return { ok: false, reason: 'timestamp_out_of_range' };
  }
  const key = Buffer.from(options.secret.startsWith('whsec_') ? options.secret.slice(6) : options.secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${options.body}`).digest();
  // Several space-separated signatures may be sent while a secret is rotated; one match is enough.
  const matches = signature.split(' ').some((part) => {
    const [version, value] = part.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true, id, timestamp: seconds } : { ok: false, reason: 'bad_signature' };
}
