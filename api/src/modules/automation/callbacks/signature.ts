// Standard Webhooks signatures (https://www.standardwebhooks.com): HMAC-SHA256 over `id.timestamp.body`,
// keyed with the base64 bytes after `whsec_`, sent as `v1,<base64>`.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The key bytes of a `whsec_<base64>` secret. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

/** The three headers of one signed delivery. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  const signature = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': `v1,${signature}` };
}

/** What a receiver does: true when one of the `v1,` signatures matches (constant-time compare). */
export function verifyWebhook(secret: string, headers: { id: string; timestamp: string; signature: string }, body: string): boolean {
  const expected = Buffer.from(createHmac('sha256', keyOf(secret)).update(`${headers.id}.${headers.timestamp}.${body}`).digest('base64'));
  return headers.signature.split(' ').some((part) => {
    const [version, value] = part.split(',');
    const given = Buffer.from(value ?? '');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
