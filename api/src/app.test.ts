import { readFile } from 'node:fs/promises';
import type { Problem } from '@app/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/index.ts';
import { HttpProblem } from './errors.ts';
import { OPENAPI_FILE } from './http/docs.ts';
import { NOT_A_PAGE_POLICY } from './http/security-headers.ts';

describe('the middleware chain', () => {
  let server: TestServer;
  const logs: Record<string, unknown>[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      config: { corsOrigins: ['http://localhost:5173'] },
      remotes: { admin: 'https://admin.example.com/remoteEntry.js' },
      logger: pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) }),
      handlers: {
        // An unexpected failure deep inside a handler, with a secret in its message.
        getRemoteManifest: async () => {
          throw new Error('database password is hunter2');
        },
        // A deliberate refusal for now, with when to retry (as a load shed answers).
        listCreditPackages: async () => {
          throw new HttpProblem({ status: 503, code: 'studio_busy', title: 'Busy', retryable: true, headers: { 'Retry-After': '10' } });
        },
      },
    });
  });
  afterAll(() => server.close());

  it('generates a request id, echoes a sane incoming one and replaces an unsafe one', async () => {
    const generated = await server.request('GET', '/healthz');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await server.request('GET', '/healthz', { headers: { 'X-Request-Id': 'trace-42.a:b' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.a:b');
    const replaced = await server.request('GET', '/healthz', { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id <script>');
  });

  it('logs one line per request without query strings or bodies', async () => {
    // An undeclared parameter is refused (400 naming it, never its value); the line still leaves the value out.
    const res = await server.request('GET', '/api/pricing/current?token=secret-value', { headers: { 'X-Request-Id': 'log-check-1' } });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('secret-value');
    const lines = logs.filter((line) => line.reqId === 'log-check-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/pricing/current', status: 400, msg: 'request' });
    expect(typeof lines[0]?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });

  it('sets security headers, with remote origins in the CSP of a page and no HSTS over http', async () => {
    const page = await server.request('GET', '/api/docs');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/admin\.example\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('strict-transport-security')).toBeNull();
    // An API answer: nothing loads if it is opened as a page, and none of a page's headers.
    const api = await server.request('GET', '/healthz');
    expect(api.headers.get('content-security-policy')).toBe(NOT_A_PAGE_POLICY);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('referrer-policy')).toBeNull();
    expect(api.headers.get('strict-transport-security')).toBeNull();
  });

  it('masks unexpected errors as 500 internal_error with the request id, and logs the real error', async () => {
    const res = await server.request<Problem>('GET', '/api/remotes', { headers: { 'X-Request-Id': 'boom-1' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      status: 500,
      code: 'internal_error',
      type: expect.stringMatching(/^http:\/\/.+\/problems\/internal-error$/),
      instance: 'boom-1',
    });
    expect(res.text).not.toContain('hunter2');
    const logged = logs.find((line) => line.reqId === 'boom-1' && line.msg === 'unhandled error');
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('logs a deliberate retryable 503 as a warning, not as an unhandled error', async () => {
    // The chaos run's load shed logged 1,341 "unhandled error" lines, hiding the real ones.
    const res = await server.request<Problem>('GET', '/api/credit-packages', { headers: { 'X-Request-Id': 'shed-1' }, validate: false });
    expect([res.status, res.headers.get('retry-after'), res.body.code]).toEqual([503, '10', 'studio_busy']);
    const lines = logs.filter((line) => line.reqId === 'shed-1');
    expect(lines.map((line) => line.msg)).toContain('refused for now');
    expect(lines.find((line) => line.msg === 'refused for now')).toMatchObject({ level: 40, code: 'studio_busy' });
    expect(lines.map((line) => line.msg)).not.toContain('unhandled error');
  });

  it('answers unknown API paths with a 404 problem', async () => {
    const res = await server.request<Problem>('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'not_found',
      type: expect.stringMatching(/^http:\/\/.+\/problems\/not-found$/),
      retryable: false,
    });
    expect(res.body.instance).toBe(res.headers.get('x-request-id'));
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await server.request<Problem>('DELETE', '/api/credit-packages');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('HEAD, GET');
    expect(res.body.code).toBe('method_not_allowed');
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const res = await server.request<Problem>('POST', '/api/anything', { body: '{"name": ' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_request');
  });

  it('answers an oversized body with 413', async () => {
    const res = await server.request<Problem>('POST', '/api/anything', { body: JSON.stringify({ blob: 'x'.repeat(1_100_000) }) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('allows credentials for listed origins only', async () => {
    const allowed = await server.request('GET', '/api/pricing/current', { headers: { Origin: 'http://localhost:5173' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('vary')).toMatch(/Origin/);
    const other = await server.request('GET', '/api/pricing/current', { headers: { Origin: 'http://localhost:5174' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers preflights: permissions for listed origins, none for others', async () => {
    const preflight = { 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type,x-csrf-token' };
    const ok = await server.request('OPTIONS', '/api/credit-packages', { headers: { Origin: 'http://localhost:5173', ...preflight } });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(ok.headers.get('access-control-allow-headers')).toContain('X-CSRF-Token');
    const refused = await server.request('OPTIONS', '/api/credit-packages', { headers: { Origin: 'https://evil.example', ...preflight } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('serves the committed spec and a self-hosted reference page', async () => {
    const spec = await server.request('GET', '/api/openapi.json');
    expect(spec.status).toBe(200);
    expect(spec.text).toBe(await readFile(OPENAPI_FILE, 'utf8'));
    const docs = await server.request('GET', '/api/docs');
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(docs.text).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(docs.text).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${server.url}/api/docs/scalar.js`, { method: 'HEAD' });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
  });

  it('lets the inline script of the docs page run under the CSP', async () => {
    const docs = await server.request('GET', '/api/docs');
    const csp = docs.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' ;");
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  });
});
