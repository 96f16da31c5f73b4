// Every route counts against its caller's budget: the signed-in user, the API token, or the client address.
import type { Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, signIn, startTestServer, type TestServer } from '../../test/index.ts';

const BUDGET = 3;
let server: TestServer;
let cookie: string;
let token: string;

beforeAll(async () => {
  // The automation budget above the generic one, so the generic one is what a token caller spends first here.
  server = await startTestServer({ config: { apiRatePerMinute: BUDGET, automationRatePerMinute: 100 } });
  const user = await createUser(server);
  cookie = await signIn(server, user);
  token = await createToken(server, await createUser(server));
});
afterAll(() => server?.close());

const asAnonymous = () => server.request('GET', '/api/pricing/current');
const asSession = () => server.request('GET', '/api/pricing/current', { cookie });
const asToken = () => server.request('GET', '/api/n8n/balance', { headers: { authorization: `Bearer ${token}` } });

/** The `r` (requests left) of the `"default"` item of a `RateLimit` field. */
const remaining = (field: string | null) => Number(/"default";r=(\d+);t=\d+/.exec(field ?? '')?.[1]);

describe('the per-caller budget', () => {
  it('announces the budget on ordinary answers and refuses with 429, Retry-After and the fields once spent (anonymous)', async () => {
    const answers = [];
    for (let i = 0; i < BUDGET; i++) answers.push(await asAnonymous());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0]?.headers.get('ratelimit-policy')).toBe(`"default";q=${BUDGET};w=60`);
    expect(answers.map((a) => remaining(a.headers.get('ratelimit')))).toEqual([2, 1, 0]);

    const refused = await asAnonymous();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((refused.body as Problem).code).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"default";q=${BUDGET};w=60`);
    expect(refused.headers.get('ratelimit')).toMatch(/^"default";r=0;t=([1-9]|[1-5]\d|60)$/);
  });

  it('counts a signed-in user apart from the address they call from', async () => {
    const answers = [];
    for (let i = 0; i < BUDGET + 1; i++) answers.push(await asSession());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answers[3]?.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
  });

  it('counts an API token apart, and announces its own per-token budget next to the generic one', async () => {
    const answers = [];
    for (let i = 0; i < BUDGET + 1; i++) answers.push(await asToken());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]?.headers.get('ratelimit-policy')).toBe(`"default";q=${BUDGET};w=60, "per-token";q=100;w=60`);
    expect(answers[0]?.headers.get('ratelimit')).toMatch(/^"default";r=2;t=\d+, "per-token";r=99;t=\d+$/);
    // Refused by the generic budget before the automation limit counted it.
    expect(answers[3]?.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    expect(answers[3]?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts refused requests too: a 401 carries the fields of the address it came from', async () => {
    const other = await startTestServer({ config: { apiRatePerMinute: 2 } });
    try {
      const first = await other.request('GET', '/api/webhook-deliveries');
      expect(first.status).toBe(401);
      expect(first.headers.get('ratelimit')).toMatch(/^"default";r=1;t=\d+$/);
      await other.request('GET', '/api/webhook-deliveries');
      expect((await other.request('GET', '/api/webhook-deliveries')).status).toBe(429);
    } finally {
      await other.close();
    }
  });
});
