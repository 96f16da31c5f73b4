import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { Problem } from './common.ts';
import { LIMITS } from './constants.ts';
import { declareIntegerFormats } from './integer-formats.ts';
import { OpenAIError } from './openai-images.ts';
import { problemBody, problemExamples } from './problem-examples.ts';
import { RESPONSE_HEADERS, sharedHeaders } from './response-headers.ts';
import type { RouteDef } from './route.ts';
import { allRoutes } from './routes.ts';
import { STEP_UP_MINUTES, STEP_UP_OPERATIONS } from './step-up.ts';

const PROBLEM_TITLES: Record<number, string> = {
  400: 'The request is invalid (see `errors` for field pointers).',
  401: 'Not signed in, or the credentials are missing or wrong.',
  402: 'Not enough credits.',
  403: 'Forbidden: this role may not do this, or (code `csrf_rejected`) a cookie-authenticated write came from a foreign origin.',
  404: 'Not found (or not yours).',
  409: 'Conflicts with the current state.',
  413: 'The request body is too large.',
  422: 'Understood but cannot be processed.',
  429: 'Too many requests; retry after the seconds in `Retry-After`.',
  500: 'Unexpected server error (details are logged, not returned).',
  502: 'An upstream provider failed.',
  503: 'Temporarily unavailable, or switched off by the administrator.',
  504: 'The task was not done within the wait; the same request with the same `Idempotency-Key` resumes waiting.',
};

/** Methods that change state; a browser may send them cross-site, so the session cookie is guarded against CSRF. */
const UNSAFE_METHODS: ReadonlySet<RouteDef['method']> = new Set(['post', 'put', 'patch', 'delete']);

/** The problem statuses a route can answer, derived from its role and inputs plus its own list. */
export function problemStatuses(route: RouteDef): number[] {
  // 400 everywhere: a query parameter (or body field) the route does not declare is refused, whatever the route.
  // 429 everywhere: every route counts against its caller's budget.
  // 503 everywhere: the database away (a restart, a failover) is answered with when to retry, not as a 500.
  const statuses = new Set<number>([400, 429, 500, 503, ...(route.problems ?? [])]);
  const r = route.request;
  if (route.role !== 'anonymous') statuses.add(401);
  // Any write carrying a session cookie can be refused as cross-site (csrf_rejected), whatever its role.
  if (route.role === 'admin' || UNSAFE_METHODS.has(route.method)) statuses.add(403);
  if (r?.params) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

// Anonymous routes declare `[]` (no credentials needed); a session, when present, is still read. Admin routes have
// their own requirement, so no tool or reader takes a plain user's session for enough.
const SECURITY: Record<RouteDef['role'], Record<string, string[]>[]> = {
  anonymous: [],
  user: [{ sessionCookie: [] }],
  admin: [{ adminSession: [] }],
  token: [{ bearerToken: [] }],
};

function register(registry: OpenAPIRegistry, route: RouteDef) {
  const responses: Record<string, object> = {};
  for (const [status, res] of Object.entries(route.responses)) {
    const binary = { type: 'string', format: 'binary', ...(res.maxBytes && { maxLength: res.maxBytes }) };
    const content = res.schema
      ? { [res.contentType ?? 'application/json']: { schema: res.schema } }
      : res.contentType && res.eventSchema
        ? { [res.contentType]: { schema: res.eventSchema } }
        : res.contentType
          ? { [res.contentType]: { schema: binary } }
          : undefined;
    const headers = { ...res.headers, ...sharedHeaders(Number(status)) };
    responses[status] = { description: res.description, ...(content && { content }), headers };
  }
  for (const status of problemStatuses(route)) {
    const examples = Object.fromEntries(
      problemExamples(route, status).map((example) => [example.code, { summary: example.title, value: problemBody(status, example) }]),
    );
    const openai = route.errorFormat === 'openai';
    responses[String(status)] = {
      description: PROBLEM_TITLES[status] ?? 'Problem.',
      content: openai ? { 'application/json': { schema: OpenAIError } } : { 'application/problem+json': { schema: Problem, examples } },
      headers: sharedHeaders(status),
    };
  }
  const r = route.request;
  // Calls that move money or power say so, whatever their own description says.
  const stepUp = STEP_UP_OPERATIONS.has(route.operationId)
    ? `Needs a second-factor check of the session within the last ${STEP_UP_MINUTES} minutes (\`POST /api/auth/step-up\`), else 401 \`step_up_required\`.`
    : undefined;
  const description = [route.description, stepUp].filter(Boolean).join('\n\n');
  registry.registerPath({
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    ...(description && { description }),
    tags: route.tags,
    security: SECURITY[route.role],
    request: {
      ...(r?.params && { params: r.params }),
      ...(r?.query && { query: r.query }),
      ...(r?.headers && { headers: r.headers }),
      ...(r?.body && { body: { required: true, content: { [r.bodyContentType ?? 'application/json']: { schema: r.body } } } }),
    },
    responses: responses as never,
    'x-required-role': route.role,
  } as never);
}

/** Builds the OpenAPI 3.1 document from every route of the contract. */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'sid',
    description:
      'Browser session set by `POST /api/auth/login` (httpOnly, `SameSite=Lax`, `Secure` over HTTPS). No CSRF token header is used: a write (POST, PUT, PATCH, DELETE) carrying the cookie is refused with 403 `csrf_rejected` when its `Origin` is neither this server nor an allowed CORS origin, or when `Sec-Fetch-Site` says `cross-site` from such an origin.',
  });
  registry.registerComponent('securitySchemes', 'adminSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'sid',
    description:
      'The `sessionCookie` session of an active user with admin rights. Without a session the admin routes answer 401, for any other user 403 (`forbidden`); the same CSRF rule applies. While the admin setting requires it, an admin without a second factor gets 403 `second_factor_required` from every admin route.',
  });
  registry.registerComponent('securitySchemes', 'bearerToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API token created on the /api page (`Authorization: Bearer nbk_...`).',
  });
  for (const [name, header] of Object.entries(RESPONSE_HEADERS)) registry.registerComponent('headers', name, header);
  registry.register('Problem', Problem);
  for (const route of allRoutes) register(registry, route);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Nano Banana Image Studio API',
      version: '1.0.0',
      description: `Create, edit and upscale images with credits. Browser calls use a session cookie; the automation API (tag \`Automation\`) uses a bearer API token. Every error is an RFC 9457 problem (\`application/problem+json\`) with a stable \`code\` and \`retryable\`. Requests carry only the body fields and query parameters declared here: any other is refused with a 400 naming it. JSON bodies nest at most ${LIMITS.jsonBodyDepth} levels of arrays and objects. Every route counts against a per-caller budget (the session's user, the API token, or the client address when anonymous): answers carry it in \`RateLimit-Policy\` and \`RateLimit\` (IETF draft, structured-field Lists), and over it a 429 says in \`Retry-After\` how many seconds to wait.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // The spec is served by each deployment (`/api/openapi.json`), so its one server is wherever it was fetched from.
    servers: [{ url: '/', description: 'This server: production, staging or a local install alike.', 'x-internal': false }],
    tags: [
      { name: 'System', description: 'Health and UI configuration.' },
      { name: 'Pricing', description: 'Public prices.' },
      { name: 'Billing', description: 'Credit packages, payments and the ledger.' },
      {
        name: 'Payments',
        description:
          'Buying credits with Creem (card) or PayPal. Prices and credits always come from the package on the server; credits are granted once per paid order.',
      },
      {
        name: 'Studio',
        description: 'Uploads, text to image, edits, upscales, the task list, the image proxy, and the KIE callback.',
      },
      {
        name: 'Boards',
        description:
          'Your named collections of images: create, rename, delete, add and remove images (many at once). An image can be on several boards; deleting a board keeps its images.',
      },
      {
        name: 'Sharing',
        description:
          'Public links to one of your completed images or one of your boards, off by default. The link (`/s/<token>`, 144 random bits) opens a page with only what is shared, with Open Graph and Twitter card tags for previews; stopping sharing makes it 404 at once.',
      },
      { name: 'Auth', description: 'Registration, sign-in (password or Google), session and password.' },
      {
        name: 'Account security',
        description: 'What guards an account: its sessions, second factor, passkeys, email verification and security events.',
      },
      {
        name: 'Admin',
        description:
          'The admin area: settings, credit packages, KIE accounts, users, all transactions, refunds and recovery. Every route needs an admin session (401 without one, 403 for other users). Secrets are write-only.',
      },
      {
        name: 'Automation',
        description:
          'The customer automation API for n8n and other tools, with `Authorization: Bearer nbk_...` (create a token on the /api page). Submit with `POST /api/n8n/generate`, `/edit-image` or `/upscale` (202 with a `taskId`), then poll `GET /api/n8n/image-status/{taskId}` every 5-10 s until `completed` or `failed`. Prices are the API prices; failed tasks are refunded. Send an `Idempotency-Key` header to retry a submission safely. Calls are rate limited per token (`"per-token"`, on top of the `"default"` budget of every caller): over the quota a 429 says in `Retry-After` how many seconds to wait, and answers carry the quotas as `RateLimit` and `RateLimit-Policy` (IETF draft). n8n templates: [callback](/api/n8n/templates/generate-callback.json) and [polling](/api/n8n/templates/generate-polling.json).',
      },
      {
        name: 'OpenAI-compatible',
        description:
          "OpenAI's images API under `/v1` for clients that take a custom base URL (the official SDKs, Open WebUI, LibreChat, n8n's OpenAI node): base URL `<this server>/v1`, API key an API token (`nbk_...`). Same credits, prices, history and refunds as the automation API. AI agents can use the MCP server at `/mcp` (Streamable HTTP, the same bearer token; tools generate_image, edit_image, upscale_image, get_task, list_recent_tasks, get_balance, get_prices).",
      },
      {
        name: 'API tokens',
        description: 'Bearer tokens for the automation API, managed by the signed-in user; the full token is shown once.',
      },
    ],
  });
  // A copy, so declaring formats never touches schemas shared with the routes.
  const copy = structuredClone(document);
  declareIntegerFormats(copy);
  return copy;
}
