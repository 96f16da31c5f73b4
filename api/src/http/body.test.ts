// A JSON body nested 10,000 deep answered 500 on every route with a JSON body (the control-character walk
// overflowed the stack): the parser now refuses anything deeper than JSON_BODY_MAX_DEPTH with a 400 problem, before
// anything walks it, and the walkers themselves are iterative.
import { allRoutes, type OpenAIError, type Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, signIn, startTestServer, type TestServer } from '../../test/index.ts';
import { JSON_BODY_MAX_DEPTH, nestedDeeperThan } from './body.ts';
import { controlCharacterErrors, hasControlCharacters } from './control-characters.ts';

/** `depth` arrays around `inner`, as JSON text (built as text: the value itself would be as deep). */
const nestedArrays = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

/** The same depth as a value, built without recursion. */
function nestedValue(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('nestedDeeperThan', () => {
  it('counts arrays and objects, not scalars, and measures any depth without recursion', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(nestedDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(nestedDeeperThan({ a: [], b: { c: { d: {} } } }, 3)).toBe(true);
    expect(nestedDeeperThan(nestedValue(100_000, 'x'), JSON_BODY_MAX_DEPTH)).toBe(true);
    expect(nestedDeeperThan(nestedValue(JSON_BODY_MAX_DEPTH, 'x'), JSON_BODY_MAX_DEPTH)).toBe(false);
  });
});

describe('the control-character walkers', () => {
  it('walk a value nested 100,000 deep without overflowing the stack', () => {
    const deep = nestedValue(100_000, 'bad\u0000');
    expect(hasControlCharacters(deep)).toBe(true);
    const errors = controlCharacterErrors(deep, 'body');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.pointer).toBe(`/body${'/0/a'.repeat(50_000)}`);
    expect(hasControlCharacters(nestedValue(100_000, 'fine'))).toBe(false);
  });
});

describe('deeply nested JSON bodies', () => {
  let server: TestServer;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    server = await startTestServer();
    const member = await createUser(server, { credits: 10 });
    const admin = await createUser(server, { isAdmin: true });
    headers.user = { cookie: await signIn(server, member) };
    headers.admin = { cookie: await signIn(server, admin) };
    headers.token = { authorization: `Bearer ${await createToken(server, member)}` };
    headers.anonymous = {};
  });
  afterAll(() => server?.close());

  const send = (method: string, path: string, body: string, role: string) =>
    fetch(`${server.url}${path}`, {
      method: method.toUpperCase(),
      headers: { 'content-type': 'application/json', origin: server.url, ...headers[role] },
      body,
    });

  const withBody = allRoutes.filter((route) => route.request?.body && !route.request.bodyContentType);

  it('are refused with a 400 problem on every route with a JSON body, signed in or not', async () => {
    expect(withBody.length).toBeGreaterThan(20);
    for (const route of withBody) {
      const path = route.path.replace(/\{\w+\}/g, '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10');
      const res = await send(route.method, path, nestedArrays(10_000), route.role);
      const where = `${route.method} ${route.path} as ${route.role}`;
      expect(res.status, where).toBe(400);
      const answer = (await res.json()) as Problem & OpenAIError;
      // The OpenAI-compatible routes carry the same code and text in OpenAI's error body.
      const problem = route.errorFormat === 'openai' ? { code: answer.error.code, detail: answer.error.message } : answer;
      expect(problem.code, where).toBe('bad_request');
      expect(problem.detail, where).toContain(`nested deeper than ${JSON_BODY_MAX_DEPTH}`);
    }
  });

  it('lets a body at the limit through to validation', async () => {
    const atLimit = await send(
      'post',
      '/api/auth/login',
      `{"username":${nestedArrays(JSON_BODY_MAX_DEPTH - 1)},"password":"x"}`,
      'anonymous',
    );
    expect(atLimit.status).toBe(400);
    expect(((await atLimit.json()) as Problem).code).toBe('validation_failed');
    const over = await send('post', '/api/auth/login', `{"username":${nestedArrays(JSON_BODY_MAX_DEPTH)},"password":"x"}`, 'anonymous');
    expect(((await over.json()) as Problem).code).toBe('bad_request');
  });
});
