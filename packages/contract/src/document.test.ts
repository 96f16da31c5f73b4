import { describe, expect, it } from 'vitest';
import { Problem } from './common.ts';
import { buildOpenApiDocument } from './document.ts';
import { allRoutes } from './routes.ts';

interface Response {
  headers?: Record<string, { $ref?: string }>;
  content?: Record<string, { examples?: Record<string, { value: unknown }> }>;
}

const document = buildOpenApiDocument();
type Operation = { responses: Record<string, Response>; security: unknown };
const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
const operations = allRoutes.map((route) => {
  const operation = paths[route.path]?.[route.method];
  if (!operation) throw new Error(`${route.operationId} is not in the document`);
  return { route, operation, responses: Object.entries(operation.responses) };
});
const problemResponses = operations.flatMap(({ route, responses }) =>
  responses
    .filter(([, response]) => response.content?.['application/problem+json'])
    .map(([status, response]) => ({ route, status: Number(status), response })),
);

describe('problem examples', () => {
  it.each(problemResponses.map((p) => [`${p.route.operationId} ${p.status}`, p] as const))(
    '%s has its own example with its status, a body the schema accepts and message equal to detail',
    (_name, { status, response }) => {
      const examples = Object.values(response.content?.['application/problem+json']?.examples ?? {});
      expect(examples.length).toBeGreaterThan(0);
      for (const { value } of examples) {
        const body = Problem.parse(value);
        expect(body.status).toBe(status);
        expect(body.message).toBe(body.detail);
        expect(body.type).toBe(`/problems/${body.code.replaceAll('_', '-')}`);
      }
    },
  );

  it('answers only a 400 with a validation failure, and a 401 with an authentication problem', () => {
    for (const { status, response } of problemResponses) {
      const codes = Object.values(response.content?.['application/problem+json']?.examples ?? {}).map((e) => (e.value as Problem).code);
      if (status !== 400) expect(codes).not.toContain('validation_failed');
      // The second-factor codes are authentication problems too: a check that failed, expired or is needed again.
      const authentication = [
        'unauthorized',
        'invalid_credentials',
        'invalid_signature',
        'step_up_required',
        'second_factor_invalid',
        'sign_in_expired',
        'passkey_invalid',
      ];
      if (status === 401) for (const code of codes) expect(authentication).toContain(code);
    }
  });

  it('tells a missing API token apart from a missing session', () => {
    const example = (operationId: string) => {
      const found = problemResponses.find((p) => p.route.operationId === operationId && p.status === 401);
      return Object.values(found?.response.content?.['application/problem+json']?.examples ?? {})[0]?.value as Problem;
    };
    expect(example('automationGenerate').detail).toMatch(/API token/);
    expect(example('listImageTasks').detail).toBe('Sign in to continue.');
  });
});

describe('response headers', () => {
  const names = (response: Response) => Object.keys(response.headers ?? {});

  it('declares the rate-limit quota on every 2xx and 4xx of every route, and on no other answer', () => {
    for (const { route, responses } of operations) {
      for (const [status, response] of responses) {
        const metered = /^[24]/.test(status);
        expect(names(response).includes('RateLimit'), `${route.operationId} ${status}`).toBe(metered);
        expect(names(response).includes('RateLimit-Policy'), `${route.operationId} ${status}`).toBe(metered);
      }
    }
  });

  it('declares Retry-After on every 429 and 503, and the CORS header on every response', () => {
    for (const { route, responses } of operations) {
      for (const [status, response] of responses) {
        expect(names(response).includes('Retry-After'), `${route.operationId} ${status}`).toBe(status === '429' || status === '503');
        expect(names(response), `${route.operationId} ${status}`).toContain('Access-Control-Allow-Origin');
      }
    }
  });

  it("declares 429 on every route: each counts against its caller's budget", () => {
    for (const { route, responses } of operations)
      expect(
        responses.map(([s]) => s),
        route.operationId,
      ).toContain('429');
  });
});

describe('security', () => {
  it('requires the admin session on admin routes, and only there', () => {
    for (const { route, operation } of operations) {
      const usesAdmin = JSON.stringify(operation.security).includes('adminSession');
      expect(usesAdmin, route.operationId).toBe(route.role === 'admin');
    }
  });
});

describe('integer formats', () => {
  /** Every schema object with `type: integer` in the document. */
  function integers(node: unknown, path = ''): { path: string; schema: Record<string, unknown> }[] {
    if (!node || typeof node !== 'object') return [];
    const own = (node as { type?: unknown }).type === 'integer' ? [{ path, schema: node as Record<string, unknown> }] : [];
    return [...own, ...Object.entries(node).flatMap(([key, child]) => integers(child, `${path}/${key}`))];
  }

  it('gives every integer a range and the format that range fits', () => {
    const found = integers(document);
    expect(found.length).toBeGreaterThan(50);
    for (const { path, schema } of found) {
      const { minimum, maximum, format } = schema as { minimum: number; maximum: number; format: string };
      expect(typeof minimum, path).toBe('number');
      expect(typeof maximum, path).toBe('number');
      expect(format, path).toBe(minimum >= -(2 ** 31) && maximum <= 2 ** 31 - 1 ? 'int32' : 'int64');
    }
  });
});
