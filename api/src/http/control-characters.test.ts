// NUL and other control characters are refused for every route at once, with a 400 naming the field, before
// PostgreSQL could see them (it refuses NUL in text, which was a 500 in each of these places).
import type { Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, signIn, startTestServer, type TestServer } from '../../test/index.ts';
import { controlCharacterErrors } from './control-characters.ts';

let server: TestServer;
let user: string;
let admin: string;
let token: string;
const origin = () => ({ origin: server.url });

beforeAll(async () => {
  server = await startTestServer();
  const member = await createUser(server, { credits: 50 });
  user = await signIn(server, member);
  token = await createToken(server, member);
  admin = await signIn(server, await createUser(server, { isAdmin: true }));
});

afterAll(() => server?.close());

async function expectRefused(
  method: string,
  path: string,
  pointer: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const res = await server.request<Problem>(method, path, { ...options, headers: { ...origin(), ...options.headers } });
  expect(res.status, `${method} ${path}`).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  expect(res.body.code).toBe('validation_failed');
  expect(res.body.errors?.map((e) => e.pointer)).toContain(pointer);
}

describe('control characters at the edge', () => {
  it('refuses NUL in the eight places that answered 500', async () => {
    await expectRefused('POST', '/api/auth/login', '/body/username', { body: { username: 'ad\u0000min', password: 'x' } });
    await expectRefused('POST', '/api/user-tokens', '/body/name', { cookie: user, body: { name: 'laptop\u0000' } });
    await expectRefused('POST', '/api/generate-image', '/body/prompt', {
      cookie: user,
      body: { prompt: 'a fox\u0000', generationType: 'text_to_image' },
    });
    await expectRefused('POST', '/api/n8n/generate', '/body/input/prompt', {
      headers: { authorization: `Bearer ${token}` },
      body: { input: { prompt: 'a fox\u0000' } },
    });
    await expectRefused('GET', '/api/admin/users?email=a%00b', '/query/email', { cookie: admin });
    await expectRefused('GET', '/api/admin/transactions?search=a%00b', '/query/search', { cookie: admin });
    await expectRefused('POST', '/api/admin/refund/tsk%00x', '/params/taskId', { cookie: admin, body: {} });
    await expectRefused('GET', '/api/n8n/image-status/tsk%00x', '/params/taskId', { headers: { authorization: `Bearer ${token}` } });
  });

  it('charges nothing and stores nothing for a refused request', async () => {
    const before = await server.request<{ credits: number }>('GET', '/api/user/stats', { cookie: user });
    await expectRefused('POST', '/api/generate-image', '/body/prompt', {
      cookie: user,
      body: { prompt: '\u0001', generationType: 'text_to_image' },
    });
    const after = await server.request<{ credits: number }>('GET', '/api/user/stats', { cookie: user });
    expect(after.body.credits).toBe(before.body.credits);
    const tokens = await server.request<unknown[]>('GET', '/api/user-tokens', { cookie: user });
    expect(JSON.stringify(tokens.body)).not.toContain('laptop');
  });

  it('names nested fields and keys, and lets tab, line feed and carriage return through', () => {
    expect(controlCharacterErrors({ a: [{ b: 'x\u0007' }], 'k\u0000': 1 }, 'body').map((e) => e.pointer)).toEqual([
      '/body/a/0/b',
      '/body/k\u0000',
    ]);
    expect(controlCharacterErrors({ prompt: 'line one\nline two\r\n\ttabbed' }, 'body')).toEqual([]);
  });
});
