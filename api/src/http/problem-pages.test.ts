import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROBLEM_KINDS, type Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/index.ts';

/** Every `code: '...'` of a problem built in the API's source (tests excluded). */
function codesInSource(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return codesInSource(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    const text = readFileSync(path, 'utf8');
    if (!/HttpProblem|PARSER_PROBLEMS|ProblemExample|tooMany\(/.test(text)) return [];
    const helperCodes = [...text.matchAll(/tooMany\('([a-z_]+)'/g)].map((match) => match[1] as string);
    return [...helperCodes, ...[...text.matchAll(/code: '([a-z_]+)'/g)].map((match) => match[1] as string)];
  });
}

describe('problem pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('explain every code the API answers with', () => {
    // `custom` is zod's issue code, `network`/`unexpected_response` are reasons of other errors in the same files.
    const notProblems = new Set(['custom', 'network', 'unexpected_response']);
    // The API's own problems, and the examples the contract documents for each status.
    const sources = [new URL('..', import.meta.url).pathname, new URL('../../../packages/contract/src', import.meta.url).pathname];
    const codes = new Set(sources.flatMap(codesInSource).filter((code) => !notProblems.has(code)));
    codes.add('instrument_declined');
    expect(codes.size).toBeGreaterThan(40);
    for (const code of codes) expect(Object.keys(PROBLEM_KINDS), code).toContain(code);
  });

  it("a problem's type is an absolute URI whose page says what it means and what to do", async () => {
    const problem = await server.request<Problem>('GET', '/api/user-tokens');
    expect(problem.status).toBe(401);
    expect(problem.body.type).toBe(`${server.url}/problems/unauthorized`);
    const page = await fetch(problem.body.type);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Authentication required</h1>');
    expect(html).toContain('What to do');
    expect(html).toContain('<code>Authorization: Bearer nbk_...</code>');
  });

  it('answers JSON to clients that ask for it, lists every code, and 404s an unknown one', async () => {
    const json = await fetch(`${server.url}/problems/rate-limited`, { headers: { accept: 'application/json' } });
    expect(await json.json()).toMatchObject({
      code: 'rate_limited',
      title: 'Too many requests',
      action: expect.stringContaining('Retry-After'),
    });
    const list = await fetch(`${server.url}/problems`, { headers: { accept: 'application/json' } });
    expect(((await list.json()) as unknown[]).length).toBe(Object.keys(PROBLEM_KINDS).length);
    const unknown = await server.request<Problem>('GET', '/problems/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const injected = await fetch(`${server.url}/problems/${encodeURIComponent('<script>')}`);
    expect(injected.status).toBe(404);
  });
});
