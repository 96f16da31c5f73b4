import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema.d.ts';
import { stepUpMiddleware } from './stepUp.ts';
import { trackWrite } from './writesInFlight.ts';

/** Reads an API base URL set by the host (same origin by default). */
const baseUrl = (globalThis as { __API_BASE_URL__?: string }).__API_BASE_URL__ ?? '';

/** Non-JSON error bodies become text so `toProblem` can report them. */
const problemMiddleware: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) return undefined;
    const text = await response.clone().text();
    const body = JSON.stringify({
      type: 'about:blank',
      title: `${response.status}: ${text || response.statusText}`,
      status: response.status,
      code: 'http_error',
      retryable: response.status >= 500,
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: { 'content-type': 'application/problem+json' },
    });
  },
};

/**
 * The one API client of the UI: cookies included, problems parsed, writes in flight known (see `writesSettled`), a
 * refused step-up answered by the page's prompt (see stepUp.ts).
 */
export const api = createClient<paths>({
  baseUrl,
  credentials: 'include',
  fetch: (request) => trackWrite(request, (sent) => globalThis.fetch(sent)),
});
api.use(problemMiddleware);
// After the problem middleware, so it sees the answer first (onResponse runs last-registered first).
api.use(stepUpMiddleware);
