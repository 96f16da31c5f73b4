// The fast lane writes what the full stack writes: each request here goes to the app as served (lane first) and to the
// same app's Koa chain alone, and the two answers must be equal byte for byte (status, every header in order, body),
// the Date header aside. The lane's answers also match the header list the full stack sent before the lane existed.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../test/index.ts';
import { httpDuration } from '../metrics/registry.ts';
import { FastLane } from './fast-lane.ts';

interface Answer {
  status: number;
  /** Name and value pairs as sent, in order, without Date. */
  headers: [string, string][];
  body: string;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const [name, value] = [res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? ''];
          if (name !== 'Date') pairs.push([name, value]);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks).toString('latin1') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A server on the app's Koa chain alone: what every request got before the lane. */
async function fullStackOf(server: TestServer): Promise<{ url: string; close: () => void }> {
  const full: Server = createServer(server.app.fullStackCallback());
  await new Promise<void>((done) => full.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(full.address() as AddressInfo).port}`, close: () => full.close() };
}

const lane = vi.spyOn(FastLane.prototype, 'answer');
/** Whether the lane answered the last request it was offered. */
const laneAnswered = () => lane.mock.results.at(-1)?.value as boolean | undefined;

/** Sends the request to the full stack first (it warms what the lane answers from), then to the app as served. */
async function both(server: TestServer, fullUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const full = await get(`${fullUrl}${path}`, headers, method);
  lane.mockClear();
  const served = await get(`${server.url}${path}`, headers, method);
  return { full, served, byLane: laneAnswered() === true };
}

const securityHeaderNames = [
  'Content-Security-Policy',
  'X-Content-Type-Options',
  'Referrer-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
  'Permissions-Policy',
];
const connection: [string, string][] = [
  ['Connection', 'keep-alive'],
  ['Keep-Alive', 'timeout=5'],
];

describe('the fast lane', () => {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  let server: TestServer;
  let fullStack: Awaited<ReturnType<typeof fullStackOf>>;
  let cookie: string;
  const tasks = '/api/image-tasks?page=1&limit=16&days=7';
  let etag: string;
  let uptime: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    server = await startTestServer({ logger });
    fullStack = await fullStackOf(server);
    cookie = await signIn(server, await createUser(server, { credits: 0 }));
    etag = (await get(`${server.url}${tasks}`, { cookie })).headers.find(([name]) => name === 'ETag')?.[1] ?? '';
    // The health body holds the uptime: the same for both answers.
    uptime = vi.spyOn(process, 'uptime').mockReturnValue(123.456);
  });
  afterEach(() => {
    lane.mockClear();
  });
  afterAll(async () => {
    fullStack?.close();
    await server?.close();
    uptime?.mockRestore();
  });

  it.each<[string, Record<string, string>]>([
    ['/healthz', {}],
    ['/healthz', { 'accept-encoding': 'gzip, deflate, br', cookie: 'app-language=vi; theme=dark' }],
    ['/healthz', { 'x-request-id': 'probe-1' }],
    ['/api/pricing/current', { 'accept-encoding': 'br' }],
    ['/api/pricing/current', { origin: 'https://elsewhere.example', 'x-forwarded-proto': 'https' }],
  ])('answers %s as the full stack does (%o)', async (path, headers) => {
    const { full, served, byLane } = await both(server, fullStack.url, path, { 'x-request-id': 'same-id', ...headers });
    expect(byLane).toBe(true);
    expect(served).toEqual(full);
    expect(served.status).toBe(200);
    expect(served.headers.map(([name]) => name)).toEqual([
      'X-Request-Id',
      ...securityHeaderNames,
      'Vary',
      'Cache-Control',
      'Content-Type',
      'Content-Length',
      'Connection',
      'Keep-Alive',
    ]);
    expect(served.headers).toEqual(
      expect.arrayContaining([
        ['X-Request-Id', headers['x-request-id'] ?? 'same-id'],
        ['Vary', 'Accept-Encoding'],
        ['Cache-Control', 'no-store'],
        ['Content-Type', 'application/json; charset=utf-8'],
        ['Content-Length', String(Buffer.byteLength(served.body))],
        ...connection,
      ]),
    );
  });

  it('answers the health with the uptime, as the handler does', async () => {
    const { served } = await both(server, fullStack.url, '/healthz');
    expect(JSON.parse(served.body)).toEqual({ status: 'ok', uptimeSeconds: 123.5 });
    // A new id for each request, as the frame gives.
    expect(served.headers[0]?.[1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each<[string, () => Record<string, string>]>([
    ['a strong tag, no compression', () => ({ 'if-none-match': etag })],
    ['a weak tag from a client taking brotli', () => ({ 'if-none-match': `W/${etag}`, 'accept-encoding': 'gzip, deflate, br' })],
    ['a list of tags', () => ({ 'if-none-match': `"other", ${etag}`, 'accept-encoding': 'identity' })],
  ])('answers the task list 304 as the full stack does: %s', async (_what, extra) => {
    const headers: Record<string, string> = { cookie, 'x-request-id': 'poll-1', ...extra() };
    const { full, served, byLane } = await both(server, fullStack.url, tasks, headers);
    expect(byLane).toBe(true);
    expect(served).toEqual(full);
    const weak = headers['accept-encoding']?.includes('br') === true;
    expect(served).toEqual({
      status: 304,
      headers: [
        ['X-Request-Id', 'poll-1'],
        ...served.headers.slice(1, 7),
        ['Vary', 'Accept-Encoding, Cookie'],
        ['Cache-Control', 'private, no-cache'],
        ['ETag', weak ? `W/${etag}` : etag],
        ...connection,
      ],
      body: '',
    });
    expect(served.headers.slice(1, 7).map(([name]) => name)).toEqual(securityHeaderNames);
  });

  it.each([
    ['a HEAD request', '/healthz', {}, 'HEAD'],
    ['a changed task list', tasks, { 'if-none-match': '"not-the-current-tag"' }, 'GET'],
    ['a task list read without a tag', tasks, {}, 'GET'],
    ['a malformed session cookie (cleared by the full stack)', '/healthz', { cookie: 'sid=nope' }, 'GET'],
    ['a bearer token', '/api/pricing/current', { authorization: 'Bearer not-a-token' }, 'GET'],
    ['a path spelled otherwise', '/healthz/', {}, 'GET'],
    ['a query parameter the route does not declare (a 400 naming it)', '/healthz?verbose=1', {}, 'GET'],
  ])('leaves %s to the full stack', async (_what, path, extra, method) => {
    const headers: Record<string, string> = { 'x-request-id': 'other-1', ...extra };
    if (path === tasks) headers.cookie = cookie;
    const { full, served, byLane } = await both(server, fullStack.url, path, headers, method);
    expect(byLane).toBe(false);
    expect(served.status).toBe(full.status);
  });

  it('leaves a signed-out caller of a user route to the full stack (its 401)', async () => {
    const { served, byLane } = await both(server, fullStack.url, tasks, { 'if-none-match': etag });
    expect(byLane).toBe(false);
    expect(served.status).toBe(401);
    expect(served.headers).toContainEqual(['Content-Type', 'application/problem+json']);
  });

  it('logs and times what it answers, as the request frame does', async () => {
    const count = async () =>
      (await httpDuration.get()).values.find(
        (v) =>
          v.metricName === 'http_request_duration_seconds_count' &&
          v.labels.route === '/api/pricing/current' &&
          v.labels.status === '200' &&
          v.labels.method === 'GET',
      )?.value ?? 0;
    const before = await count();
    await get(`${server.url}/api/pricing/current`);
    const { byLane } = await both(server, fullStack.url, '/api/pricing/current', { 'x-request-id': 'logged-1' });
    expect(byLane).toBe(true);
    expect(await count()).toBe(before + 3);
    const logged = lines.filter((line) => line.reqId === 'logged-1');
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: '/api/pricing/current', status: 200 });
      expect(typeof line.ms).toBe('number');
    }
  });
});

describe('the fast lane behind a proxy, with CORS', () => {
  let server: TestServer;
  let fullStack: Awaited<ReturnType<typeof fullStackOf>>;
  beforeAll(async () => {
    server = await startTestServer({ config: { trustProxy: true, corsOrigins: ['https://app.example'], isProduction: true } });
    fullStack = await fullStackOf(server);
  });
  afterAll(async () => {
    fullStack?.close();
    await server?.close();
  });

  it.each<[string, Record<string, string>]>([
    ['over https', { 'x-forwarded-proto': 'HTTPS, http' }],
    ['over http', { 'x-forwarded-proto': 'http' }],
    ['from an origin not allowed', { origin: 'https://elsewhere.example' }],
  ])('answers as the full stack does %s', async (_what, headers) => {
    const { full, served, byLane } = await both(server, fullStack.url, '/api/pricing/current', { 'x-request-id': 'p-1', ...headers });
    expect(byLane).toBe(true);
    expect(served).toEqual(full);
    expect(served.headers).toContainEqual(['Vary', 'Accept-Encoding, Origin']);
    const hsts = served.headers.some(([name]) => name === 'Strict-Transport-Security');
    expect(hsts).toBe(headers['x-forwarded-proto']?.startsWith('HTTPS') === true);
  });

  it('leaves an allowed origin to the full stack (its CORS headers)', async () => {
    const { served, byLane } = await both(server, fullStack.url, '/api/pricing/current', { origin: 'https://app.example' });
    expect(byLane).toBe(false);
    expect(served.headers).toContainEqual(['Access-Control-Allow-Origin', 'https://app.example']);
  });
});
