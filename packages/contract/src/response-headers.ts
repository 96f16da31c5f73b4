// Response headers declared once under `components.headers` and referenced from the responses that carry them.
import { LIMITS } from './constants.ts';
import type { HeaderSchema } from './route.ts';

interface HeaderObject {
  description: string;
  required: false;
  schema: HeaderSchema;
  example: string | number;
}

/** Headers by name; the component names are the header names. */
export const RESPONSE_HEADERS = {
  'Access-Control-Allow-Origin': {
    description:
      'Only for an `Origin` listed in `CORS_ORIGINS` (exact origins, no wildcard), echoed back with `Access-Control-Allow-Credentials: true`. Any other origin gets no CORS headers, so a browser on it cannot read the answer.',
    required: false,
    schema: { type: 'string', format: 'uri', maxLength: LIMITS.urlMax },
    example: 'https://admin.example.com',
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: LIMITS.retryAfterMaxSeconds },
    example: 30,
  },
  RateLimit: {
    description:
      'What is left of each budget that applies to this request, as a structured-field List (draft-ietf-httpapi-ratelimit-headers-10): one item per policy, `"<policy>";r=<requests left>;t=<seconds until the window resets>`. Every route counts against `"default"` (per caller: the session\'s user, the API token, or the client address when anonymous); the bearer-token routes also against `"per-token"`.',
    required: false,
    schema: { type: 'string', maxLength: 200 },
    example: '"default";r=1199;t=42',
  },
  'RateLimit-Policy': {
    description:
      'The budgets that apply to this request, as a structured-field List (draft-ietf-httpapi-ratelimit-headers-10): `"<policy>";q=<requests>;w=<window in seconds>`. `"default"`: 1200 requests per caller per 60 s on every route; `"per-token"`: 60 requests per API token per 60 s on the bearer-token routes (unless the operator changed them). Over a budget the answer is 429 with `Retry-After`.',
    required: false,
    schema: { type: 'string', maxLength: 200 },
    example: '"default";q=1200;w=60',
  },
} satisfies Record<string, HeaderObject>;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

/** A reference to a declared header. */
export const headerRef = (name: ResponseHeaderName) => ({ $ref: `#/components/headers/${name}` });

/**
 * The shared headers a response of a route carries: CORS on every one; every route has a per-caller budget, so its
 * 2xx and 4xx answers carry the quota; `Retry-After` on every 429 and 503 (a passing state: wait, then retry).
 */
export function sharedHeaders(status: number): Record<string, { $ref: string }> {
  const headers: Record<string, { $ref: string }> = { 'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin') };
  const family = Math.floor(status / 100);
  if (family === 2 || family === 4) {
    headers.RateLimit = headerRef('RateLimit');
    headers['RateLimit-Policy'] = headerRef('RateLimit-Policy');
  }
  if (status === 429 || status === 503) headers['Retry-After'] = headerRef('Retry-After');
  return headers;
}
