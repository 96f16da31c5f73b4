import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody, rawRequest, startTestServer, type TestServer } from '../../test/index.ts';
import { OPENAPI_FILE, scalarBundlePath } from './docs.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const CHROME = 'gzip, deflate, br, zstd';

describe('the spec and the Scalar bundle', () => {
  for (const [path, file] of [
    ['/api/openapi.json', OPENAPI_FILE],
    ['/api/docs/scalar.js', scalarBundlePath()],
  ] as const) {
    it(`sends ${path} as brotli, gzip or plain, each with its own strong ETag, and revalidates each with a 304`, async () => {
      const original = readFileSync(file);
      const tags = new Set<string>();
      for (const [accept, encoding] of [
        [CHROME, 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip;q=0.5', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const res = await rawRequest(`${server.url}${path}`, { headers: { 'Accept-Encoding': accept } });
        expect(res.status, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
        expect(Number(res.headers['content-length']), accept).toBe(res.bytes.length);
        if (encoding) expect(res.bytes.length, accept).toBeLessThan(original.length / 3);
        expect(decodedBody(res).equals(original), accept).toBe(true);
        const etag = res.headers.etag ?? '';
        expect(etag, accept).toMatch(/^"[A-Za-z0-9_-]+"$/);
        tags.add(etag);

        const again = await rawRequest(`${server.url}${path}`, { headers: { 'Accept-Encoding': accept, 'If-None-Match': etag } });
        expect(again.status, accept).toBe(304);
        expect(again.bytes.length).toBe(0);
      }
      // br, gzip and identity: three representations, three tags (the two gzip requests share one).
      expect(tags.size).toBe(3);
    });
  }

  it('answers a tag of another encoding with the full body', async () => {
    const gzipped = await rawRequest(`${server.url}/api/openapi.json`, { headers: { 'Accept-Encoding': 'gzip' } });
    const brotli = await rawRequest(`${server.url}/api/openapi.json`, {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': gzipped.headers.etag ?? '' },
    });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('keeps the cache rules: the spec revalidated every time, the bundle cached for a day', async () => {
    const spec = await rawRequest(`${server.url}/api/openapi.json`, { headers: { 'Accept-Encoding': 'br' } });
    expect(spec.headers['cache-control']).toBe('no-cache');
    expect(spec.headers['content-type']).toMatch(/^application\/json/);
    const bundle = await rawRequest(`${server.url}/api/docs/scalar.js`, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(bundle.headers['cache-control']).toBe('public, max-age=86400');
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.headers['content-encoding']).toBe('br');
    expect(bundle.bytes.length).toBe(0);
  });
});

describe('the reference page', () => {
  /** The object the page passes to `Scalar.createApiReference`. */
  function scalarConfiguration(html: string): Record<string, unknown> {
    const match = /createApiReference\('#app', (\{[\s\S]*?\})\)\s*<\/script>/.exec(html);
    if (!match?.[1]) throw new Error('no Scalar configuration in the page');
    return JSON.parse(match[1]);
  }

  it("turns off Scalar's agent, MCP, developer tools (Share, Deploy, SDKs), API client button and telemetry", async () => {
    const page = await rawRequest(`${server.url}/api/docs`, { headers: { 'Accept-Encoding': CHROME } });
    expect(page.status).toBe(200);
    const config = scalarConfiguration(decodedBody(page).toString('utf8'));
    expect(config).toMatchObject({
      url: '/api/openapi.json',
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
      hideClientButton: true,
      telemetry: false,
      withDefaultFonts: false,
    });
  });

  it('has a strong ETag and answers If-None-Match with a 304', async () => {
    const page = await rawRequest(`${server.url}/api/docs`, { headers: { 'Accept-Encoding': CHROME } });
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = page.headers.etag ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await rawRequest(`${server.url}/api/docs`, { headers: { 'Accept-Encoding': CHROME, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});
