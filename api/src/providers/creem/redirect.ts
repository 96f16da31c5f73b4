import { createHash, timingSafeEqual } from 'node:crypto';

/** Query parameters in the order they appear in the redirect URL. */
export type RedirectParamsInput = URLSearchParams | URL | string | ReadonlyArray<readonly [string, string | null | undefined]>;

function toEntries(params: RedirectParamsInput): Array<[string, string | null | undefined]> {
  if (params instanceof URLSearchParams) return [...params.entries()];
  if (params instanceof URL) return [...params.searchParams.entries()];
  if (typeof params === 'string') {
    const query = /^[a-z][a-z0-9+.-]*:/i.test(params) ? new URL(params).search : params;
    return [...new URLSearchParams(query).entries()];
  }
  return params.map(([k, v]) => [k, v]);
}

const isLeftOut = (key: string, value: string | null | undefined): boolean =>
  key === 'signature' || value == null || value === '' || value === 'null';

/**
 * The string Creem hashes: `k1=v1|k2=v2|...|salt=<apiKey>` over the parameters in URL order,
 * leaving out `signature` and parameters whose value is empty or null (provider docs).
 */
export function redirectSignaturePayload(params: RedirectParamsInput, apiKey: string): string {
  const parts = toEntries(params)
    .filter(([k, v]) => !isLeftOut(k, v))
    .map(([k, v]) => `${k}=${v}`);
  parts.push(`salt=${apiKey}`);
  return parts.join('|');
}

/**
 * Verifies the `signature` query parameter Creem adds to `success_url`: SHA-256 hex (a plain hash,
 * not an HMAC) of {@link redirectSignaturePayload}. The params must be in the order they appear in the URL,
 * e.g. `ctx.URL.searchParams` or the raw query string. Returns false (never throws) when the signature
 * is missing or wrong. Treat a valid redirect as UX only; the webhook is the source of truth.
 *
 * Note: every parameter in the URL takes part, so `success_url` must not carry query parameters of its own
 * (use `request_id`, which Creem echoes, to find the order).
 */
export function verifyRedirectSignature(params: RedirectParamsInput, apiKey: string): boolean {
  if (!apiKey) return false;
  const entries = toEntries(params);
  const signature = entries.find(([k]) => k === 'signature')?.[1];
  if (typeof signature !== 'string') return false;
  const given = signature.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHash('sha256').update(redirectSignaturePayload(entries, apiKey)).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
