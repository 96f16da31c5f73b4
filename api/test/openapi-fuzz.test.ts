// Property-based fuzzing of every operation in openapi/openapi.json, as anonymous, user and admin: malformed
// bodies, parameters and headers (wrong types, huge, negative, control characters, odd unicode, path traversal,
// bad JSON, wrong content type, bodies nested 20,000 deep, objects 20,000 keys wide, 200,000-character keys,
// `__proto__` keys, unknown fields and parameters). Whatever arrives, the server answers without crashing (no 500; a 5xx only where
// the operation declares it, e.g. 503 for a payment method that is not configured), every 4xx is problem+json with
// a stable code, and a refused request changes nothing in the database or the file store.
// Admin writes to settings, provider accounts and packages are always made invalid (a control character in every
// field), so the fuzzer never reconfigures the instance under test.
import { readdir } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../src/http/docs.ts';
import { createToken, createUser, signIn, startTestServer, type TestServer } from './index.ts';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[] | null;
  declared: Set<number>;
}

type Identity = 'anonymous' | 'user' | 'admin';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Ends the caller's own session: fuzzed as anonymous only. */
const SESSION_ENDING = new Set(['logoutUser']);
/** Writes that would reconfigure the instance: as admin, only ever sent with invalid fields. */
const RECONFIGURING = /^\/api\/admin\/(settings|kie-apis|credit-packages)|^\/api\/test-telegram$/;

const spec = JSON.parse(await (await import('node:fs/promises')).readFile(OPENAPI_FILE, 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; parameters?: { in: string; name: string }[]; requestBody?: unknown; responses: Record<string, unknown> }
    >
  >;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};

function bodyFieldsOf(requestBody: unknown): string[] | null {
  if (!requestBody) return null;
  const schema = (requestBody as { content?: Record<string, { schema?: { $ref?: string; properties?: Record<string, unknown> } }> })
    .content?.['application/json']?.schema;
  const resolved = schema?.$ref ? spec.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema;
  return Object.keys(resolved?.properties ?? {});
}

const operations: Operation[] = Object.entries(spec.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: bodyFieldsOf(op.requestBody),
      declared: new Set(Object.keys(op.responses).map(Number)),
    })),
);

/** A control character somewhere in otherwise ordinary text: what PostgreSQL refuses (NUL) and terminals obey. */
const withControl = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u007f'), fc.string({ maxLength: 12 }))
  .map(([before, control, after]) => `${before}${control}${after}`);

/** Text an attacker tries: control characters, traversal, huge, odd unicode, markup, numbers as text. */
const hostileText = fc.oneof(
  { weight: 3, arbitrary: withControl },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '../../../etc/passwd',
      '..%2f..%2fetc%2fpasswd',
      '%00',
      '\u202egnp.exe',
      '\ud83d\udca5'.repeat(500),
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '-1',
      '1e309',
      'NaN',
      '',
      ' ',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 70_000 }).map((n) => 'x'.repeat(n)) },
);

/** Any JSON value of a wrong or hostile kind. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 31), 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 6 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }),
);

type FuzzBody = { kind: 'none' } | { kind: 'raw'; text: string; contentType: string } | { kind: 'json'; value: unknown };

/**
 * Bodies whose shape is the attack, written as JSON text (a value 20,000 deep would overflow the test's own
 * JSON.stringify): deep nesting of arrays and objects (a 500 on every JSON route before), very wide objects, very
 * long keys and `__proto__` / `constructor` keys, at the top or inside a declared field. Sizes stay under the body
 * limit so the parser, not the size check, is what answers.
 */
function structuralBody(fields: readonly string[]): fc.Arbitrary<string> {
  const deep = fc.tuple(fc.integer({ min: 30, max: 20_000 }), fc.constantFrom('array', 'object', 'mixed')).map(([depth, kind]) => {
    const open = kind === 'array' ? '[' : kind === 'object' ? '{"a":' : '[{"a":';
    const close = kind === 'array' ? ']' : kind === 'object' ? '}' : '}]';
    const times = kind === 'mixed' ? Math.ceil(depth / 2) : depth;
    return `${open.repeat(times)}1${close.repeat(times)}`;
  });
  const wide = fc
    .tuple(fc.integer({ min: 500, max: 20_000 }), fc.constantFrom('"x"', '1', 'null', '{}'))
    .map(([keys, value]) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":${value}`).join(',')}}`);
  const longKey = fc.integer({ min: 1_000, max: 200_000 }).map((length) => `{${JSON.stringify('k'.repeat(length))}:1}`);
  const proto = fc.constantFrom(
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":{"__proto__":{"credits":1000000}}}',
    '[{"__proto__":null}]',
  );
  const shape = fc.oneof(deep, wide, longKey, proto);
  // Alone, or as the value of a declared field next to the others (so it gets past "missing field").
  return fc.oneof(
    shape,
    fc
      .tuple(fc.constantFrom(...fields), shape)
      .map(([field, text]) => `{${fields.map((f) => `${JSON.stringify(f)}:${f === field ? text : '"x"'}`).join(',')}}`),
  );
}

function bodyArbitrary(op: Operation, mustBeRefused: boolean): fc.Arbitrary<FuzzBody> {
  const raw = fc.record({
    kind: fc.constant('raw' as const),
    text: fc.constantFrom('{', '{"a":', '[1,', 'not json', 'null', '"text"', '1e999', '{"__proto__":{"admin":true}}', ''),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=utf-16',
    ),
  });
  const fields = op.bodyFields?.length ? op.bodyFields : ['value'];
  // Every declared field present (so the request gets past "missing field" to the values), each one hostile.
  const object = fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue]))),
      fc.dictionary(fc.constantFrom('unknownField', '__proto__', 'constructor'), hostileValue, { maxKeys: 2 }),
    )
    .map(([declared, extra]) => ({ ...extra, ...declared }))
    // Never a valid-shaped write where it would reconfigure the instance: a control character in every field.
    .map((value) => (mustBeRefused ? Object.fromEntries(fields.map((field) => [field, 'x\u0000'])) : value));
  const json = fc.oneof(object, hostileValue).map((value) => ({ kind: 'json' as const, value }));
  const structural = structuralBody(fields).map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' }));
  // Browsers and fetch send no body with GET.
  if (op.method === 'GET') return fc.constant({ kind: 'none' as const });
  return op.bodyFields === null ? fc.oneof(fc.constant({ kind: 'none' as const }), raw, structural) : fc.oneof(raw, json, structural);
}

interface FuzzRequest {
  path: string;
  query: string;
  body: FuzzBody;
  headers: Record<string, string>;
}

function requestArbitrary(op: Operation, identity: Identity): fc.Arbitrary<FuzzRequest> {
  const mustBeRefused = identity === 'admin' && op.method !== 'GET' && RECONFIGURING.test(op.path);
  const pathValues = fc.tuple(
    ...op.pathParams.map(() =>
      fc.oneof(
        hostileText.filter((t) => t.length > 0),
        fc.uuid(),
      ),
    ),
  );
  // Declared names, undeclared ones, prototype names and very long names.
  const queryName = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...op.queryParams, 'extra', 'page', 'q', '__proto__', 'constructor') },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 4_000 }).map((length) => 'p'.repeat(length)) },
  );
  const query = fc.dictionary(queryName, hostileText, { maxKeys: 4 });
  const headers = fc.record(
    {
      'idempotency-key': hostileText.filter((t) => /^[\t\x20-\x7e]*$/.test(t) && t.length < 8000),
      'if-none-match': fc.constantFrom('*', 'W/"x"', `"${'a'.repeat(300)}"`),
      'creem-signature': fc.constantFrom('00', 'f'.repeat(64), 'zz'),
    },
    { requiredKeys: [] },
  );
  return fc
    .record({
      pathValues: op.pathParams.length ? pathValues : fc.constant([] as string[]),
      query,
      body: bodyArbitrary(op, mustBeRefused),
      headers,
    })
    .map((r) => {
      let path = op.path;
      op.pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, encodeURIComponent(r.pathValues[i] ?? ''));
      });
      return { path, query: new URLSearchParams(r.query).toString(), body: r.body, headers: r.headers };
    });
}

/**
 * Regression cases from the issues, tried before the random ones: NUL in every string place of the operation
 * (a 500 in eight places before), a query string far over Node's header limit (a bare 431 before), and a body
 * nested 10,000 deep (a 500 on every route with a JSON body before).
 */
function corpus(op: Operation): FuzzRequest[] {
  let path = op.path;
  for (const name of op.pathParams) path = path.replace(`{${name}}`, encodeURIComponent('x\u0000'));
  const nulQuery = new URLSearchParams(Object.fromEntries(op.queryParams.map((name) => [name, 'a\u0000b']))).toString();
  const nulBody: FuzzBody =
    op.method === 'GET'
      ? { kind: 'none' }
      : { kind: 'json', value: Object.fromEntries((op.bodyFields ?? ['value']).map((field) => [field, 'x\u0000'])) };
  const huge = `q=${'a'.repeat(100_000)}`;
  // An array nested 10,000 deep answered 500 on every route with a JSON body.
  const deep: FuzzBody =
    op.method === 'GET'
      ? { kind: 'none' }
      : { kind: 'raw', text: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, contentType: 'application/json' };
  return [
    { path, query: nulQuery, body: nulBody, headers: {} },
    { path, query: huge, body: { kind: 'none' }, headers: {} },
    { path, query: '', body: deep, headers: {} },
  ];
}

let server: TestServer;
const identities: Record<Identity, Record<string, string>> = { anonymous: {}, user: {}, admin: {} };

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const member = await createUser(server, { credits: 40 });
  identities.user = { cookie: await signIn(server, member), authorization: `Bearer ${await createToken(server, member)}` };
  const admin = await createUser(server, { isAdmin: true, credits: 40 });
  identities.admin = { cookie: await signIn(server, admin), authorization: `Bearer ${await createToken(server, admin)}` };
});

afterAll(() => server?.close());

/** What a refused request must leave as it was: row counts, balances and settings, and the stored files. */
async function snapshot(): Promise<string> {
  const rows = await server.orm.em.fork().execute<Record<string, unknown>[]>(
    `select
       (select count(*) from users) as users,
       (select coalesce(sum(credits), 0) from users) as credits,
       (select count(*) from transactions) as transactions,
       (select count(*) from image_tasks) as tasks,
       (select count(*) from orders) as orders,
       (select count(*) from api_tokens) as tokens,
       (select count(*) from credit_packages) as packages,
       (select count(*) from kie_apis) as kie_apis,
       (select md5(row(s.*)::text) from admin_settings s where id = 1) as settings`,
  );
  const files = await readdir(server.config.studio.filesDir, { recursive: true }).catch(() => []);
  return JSON.stringify({ rows, files: files.length });
}

async function send(op: Operation, identity: Identity, request: FuzzRequest): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url, ...request.headers, ...identities[identity] };
  let body: string | undefined;
  if (request.body.kind === 'raw') {
    headers['content-type'] = request.body.contentType;
    body = request.body.text;
  } else if (request.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body.value);
  }
  const url = `${server.url}${request.path}${request.query ? `?${request.query}` : ''}`;
  return fetch(url, { method: op.method, headers, body, redirect: 'manual' });
}

describe('every operation refuses hostile input cleanly', () => {
  for (const op of operations) {
    for (const identity of ['anonymous', 'user', 'admin'] as const) {
      if (identity !== 'anonymous' && SESSION_ENDING.has(op.operationId)) continue;
      it(`${op.operationId} as ${identity}`, async () => {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(op, identity), async (request) => {
            const before = await snapshot();
            const res = await send(op, identity, request);
            // An event stream that opened never ends by itself: what matters is that it opened, so stop reading.
            const streaming = res.status === 200 && res.headers.get('content-type')?.startsWith('text/event-stream');
            const text = streaming ? String(await res.body?.cancel()) : await res.text();
            const where = `${op.method} ${request.path}?${request.query.slice(0, 200)} -> ${res.status} ${text.slice(0, 300)}`;
            expect(res.status, where).not.toBe(500);
            if (res.status >= 500) expect(op.declared.has(res.status), `undeclared ${where}`).toBe(true);
            // The OpenAI-compatible API answers OpenAI's error body, carrying our code (the HTTP server's own 431 aside).
            if (res.status >= 400 && op.path.startsWith('/v1/') && res.headers.get('content-type')?.startsWith('application/json')) {
              expect((JSON.parse(text) as { error: { code: string } }).error.code, where).toMatch(/^[a-z][a-z0-9_]*$/);
              expect(await snapshot(), `changed state: ${where}`).toBe(before);
            } else if (res.status >= 400) {
              expect(res.headers.get('content-type'), where).toMatch(/^application\/problem\+json/);
              const problem = JSON.parse(text) as { status: number; code: string };
              expect(problem.status, where).toBe(res.status);
              expect(problem.code, where).toMatch(/^[a-z][a-z0-9_]*$/);
              expect(await snapshot(), `changed state: ${where}`).toBe(before);
            }
          }),
          {
            numRuns: RUNS,
            seed: Number(process.env.FUZZ_SEED ?? 20261125),
            endOnFailure: true,
            examples: corpus(op).map((request) => [request]),
          },
        );
      });
    }
  }
});
