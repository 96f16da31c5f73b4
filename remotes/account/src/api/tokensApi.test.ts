import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The shared client reads its base URL and fetch when it is created: set both before importing it.
const requests: Request[] = [];
const realFetch = globalThis.fetch;
let tokensApi: typeof import('./tokensApi.ts');

beforeAll(async () => {
  (globalThis as { __API_BASE_URL__?: string }).__API_BASE_URL__ = 'http://api.test';
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    requests.push(request);
    const { name } = (await request.clone().json()) as { name: string };
    // Let a second caller arrive while this request is still open.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const body = {
      id: `id-${requests.length}`,
      name,
      maskedToken: 'nbk_••••abcd',
      isActive: true,
      createdAt: '2024-05-01T10:00:00.000Z',
      lastUsed: null,
      token: 'nbk_full_abcd',
    };
    return new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } });
  };
  tokensApi = await import('./tokensApi.ts');
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('default token creation', () => {
  it('sends one request however many effects ask at once, named Default API Token', async () => {
    const [first, second] = await Promise.all([tokensApi.createDefaultToken('user-1'), tokensApi.createDefaultToken('user-1')]);
    expect(requests).toHaveLength(1);
    expect(first).toBe(second);
    expect(first.name).toBe('Default API Token');
    expect(requests[0]?.method).toBe('POST');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/user-tokens');
  });

  it('asks again once the earlier request has settled (a later visit with no token)', async () => {
    await tokensApi.createDefaultToken('user-2');
    await tokensApi.createDefaultToken('user-2');
    expect(requests).toHaveLength(3);
  });
});
