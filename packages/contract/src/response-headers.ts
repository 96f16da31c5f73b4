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
      'The caller\'s quota left in the current window, as the IETF draft "RateLimit header fields for HTTP" names it: `"<policy>";r=<requests left>;t=<seconds until the window resets>`.',
    required: false,
    schema: { type: 'string', maxLength: 200 },
    example: '"automation";r=42;t=18',
  },
  'RateLimit-Policy': {
    description:
      'The quota policy of the IETF draft "RateLimit header fields for HTTP": `"<policy>";q=<requests>;w=<window in seconds>` (the automation API: 60 requests per token per 60 s unless the operator changed it).',
    required: false,
    schema: { type: 'string', maxLength: 200 },
    example: '"automation";q=60;w=60',
  },
} satisfies Record<string, HeaderObject>;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

/** A reference to a declared header. */
export const headerRef = (name: ResponseHeaderName) => ({ $ref: `#/components/headers/${name}` });

/**
 * The shared headers a response of a route carries: CORS on every one; the rate-limit quota on the 2xx and 4xx
 * answers of rate-limited routes (the bearer-token automation API); `Retry-After` on every 429.
 */
export function sharedHeaders(status: number, rateLimited: boolean): Record<string, { $ref: string }> {
  const headers: Record<string, { $ref: string }> = { 'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin') };
  const family = Math.floor(status / 100);
  if (rateLimited && (family === 2 || family === 4)) {
    headers.RateLimit = headerRef('RateLimit');
    headers['RateLimit-Policy'] = headerRef('RateLimit-Policy');
  }
  if (status === 429) headers['Retry-After'] = headerRef('Retry-After');
  return headers;
}
