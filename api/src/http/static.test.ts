import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody, rawRequest, startTestServer, type TestServer } from '../../test/index.ts';
import { inlineScriptHashes } from './security-headers.ts';
import { cacheControlFor, resolveInside } from './static.ts';

describe('static helpers', () => {
  it('resolve paths inside the root only', () => {
    expect(resolveInside('/srv/ui', '/assets/app.js')).toBe('/srv/ui/assets/app.js');
    // `..` is clamped at the root, encoded or not.
    expect(resolveInside('/srv/ui', '/../etc/passwd')).toBe('/srv/ui/etc/passwd');
    expect(resolveInside('/srv/ui', '/%2e%2e/%2e%2e/etc/passwd')).toBe('/srv/ui/etc/passwd');
    expect(resolveInside('/srv/ui', '/.env')).toBeUndefined();
    expect(resolveInside('/srv/ui', '/a%00b')).toBeUndefined();
    expect(resolveInside('/srv/ui', '/%E0%A4%A')).toBeUndefined();
  });

  it('cache hashed assets forever and revalidate entry points', () => {
    expect(cacheControlFor('/x/assets/index-BkJ3xY_z.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/favicon.svg')).toBe('no-cache');
  });
});

describe('serving the built UI', () => {
  let root: string;
  let server: TestServer;
  const inline = 'window.__boot = 1;';
  const otherInline = 'window.__offline = 1;';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'api-static-'));
    const host = join(root, 'host');
    mkdirSync(join(host, 'assets'), { recursive: true });
    writeFileSync(join(host, 'index.html'), `<!doctype html><html><body><div id="root"></div><script>${inline}</script></body></html>`);
    writeFileSync(join(host, 'assets/index-AbCdEf12.js'), 'console.log("host")');
    writeFileSync(join(host, 'offline.html'), `<!doctype html><p>Offline</p><script>${otherInline}</script>`);
    mkdirSync(join(root, 'remotes/studio/dist/assets'), { recursive: true });
    writeFileSync(join(root, 'remotes/studio/dist/remoteEntry.js'), 'export const studio = 1;');
    writeFileSync(join(root, 'remotes/studio/dist/assets/App-Zx12Yw34.js'), 'export default 1;');
    writeFileSync(join(root, 'secret.txt'), 'do not serve');
    server = await startTestServer({ staticDir: host, config: { remotesDir: join(root, 'remotes') } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const html = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('serves index.html at / without caching, with its inline script allowed by the CSP', async () => {
    const res = await server.request('GET', '/', { headers: html });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain(inlineScriptHashes(`<script>${inline}</script>`)[0]);
  });

  it("gives every page of the host the CSP of its own inline scripts, and no other's", async () => {
    const own = inlineScriptHashes(`<script>${otherInline}</script>`)[0] ?? 'missing';
    const shell = inlineScriptHashes(`<script>${inline}</script>`)[0] ?? 'missing';
    const other = await server.request('GET', '/offline.html', { headers: html });
    expect(other.status).toBe(200);
    expect(other.headers.get('content-security-policy')).toContain(own);
    expect(other.headers.get('content-security-policy')).not.toContain(shell);
    expect((await server.request('GET', '/', { headers: html })).headers.get('content-security-policy')).not.toContain(own);
    // Answers that are no page of the UI keep the default policy, which allows neither.
    const problem = await server.request('GET', '/api/unknown');
    for (const hash of [own, shell]) expect(problem.headers.get('content-security-policy')).not.toContain(hash);
  });

  it('serves hashed assets as immutable with the right type', async () => {
    const res = await server.request('GET', '/assets/index-AbCdEf12.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends scripts without the document-only headers, and documents with them', async () => {
    for (const path of ['/assets/index-AbCdEf12.js', '/remotes/studio/remoteEntry.js']) {
      const res = await server.request('GET', path);
      expect(res.status, path).toBe(200);
      for (const header of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'permissions-policy',
        'x-request-id',
      ])
        expect(res.headers.get(header), `${path} ${header}`).toBeNull();
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      // No CORS allow-list here: the answer is the same for every origin.
      expect(res.headers.get('vary'), path).toBe('Accept-Encoding');
    }
    // The entry point keeps its validators; a hashed file is never revalidated and carries none.
    const entry = await server.request('GET', '/remotes/studio/remoteEntry.js');
    expect(entry.headers.get('etag')).toBeTruthy();
    expect(entry.headers.get('last-modified')).toBeTruthy();
    const hashed = await server.request('GET', '/assets/index-AbCdEf12.js');
    expect(hashed.headers.get('etag')).toBeNull();
    expect(hashed.headers.get('last-modified')).toBeNull();
    const page = await server.request('GET', '/my-creations', { headers: html });
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-request-id')).toBeTruthy();
  });

  it('falls back to index.html for browser navigations to client routes', async () => {
    const res = await server.request('GET', '/my-creations', { headers: html });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
  });

  it('answers an address that is no page with 404 and the shell (which shows Page Not Found)', async () => {
    for (const path of ['/no-such-page', '/generate-x', '/contact/more']) {
      const res = await server.request('GET', path, { headers: html });
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('<div id="root">');
    }
    expect((await server.request('GET', '/my-creations/', { headers: html })).status).toBe(200);
    expect((await server.request('GET', '/admin/users', { headers: html })).status).toBe(200);
  });

  it('does not fall back for missing assets or API paths', async () => {
    expect((await server.request<Problem>('GET', '/assets/missing-12345678.js')).status).toBe(404);
    const api = await server.request<Problem>('GET', '/api/unknown', { headers: html });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('serves each remote from its own dist folder', async () => {
    const entry = await server.request('GET', '/remotes/studio/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.text).toBe('export const studio = 1;');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await server.request('GET', '/remotes/studio/assets/App-Zx12Yw34.js');
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect((await server.request('GET', '/remotes/studio/missing.js', { headers: html })).status).toBe(404);
    expect((await server.request('GET', '/remotes/unknown/remoteEntry.js')).status).toBe(404);
  });

  it('never serves files outside the folders', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/remotes/studio/%2e%2e/%2e%2e/%2e%2e/secret.txt']) {
      const res = await server.request('GET', path);
      expect(res.text).not.toContain('do not serve');
    }
  });

  it('answers conditional requests with 304 and HEAD without a body', async () => {
    const first = await server.request('GET', '/remotes/studio/remoteEntry.js');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    // An explicit Cache-Control stops fetch from adding `no-cache`, which would (rightly) bypass validation.
    const again = await server.request('GET', '/remotes/studio/remoteEntry.js', {
      headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    const since = await server.request('GET', '/remotes/studio/remoteEntry.js', {
      headers: { 'If-Modified-Since': first.headers.get('last-modified') ?? '', 'Cache-Control': 'max-age=0' },
    });
    expect(since.status).toBe(304);
    const head = await server.request('HEAD', '/assets/index-AbCdEf12.js');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(String('console.log("host")'.length));
  });

  describe('precompressed copies from the build', () => {
    const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `word${n % 20}`))};`;
    const shell = `<!doctype html><html><body><div id="root"></div><script>${inline}</script><p>${'Nano Banana '.repeat(100)}</p></body></html>`;
    let host: string;
    const url = (path: string) => `${server.url}${path}`;
    const CHROME = 'gzip, deflate, br, zstd';

    /** A file with its .br and .gz copies written after it, as the build does. */
    function writeWithCopies(file: string, text: string): void {
      writeFileSync(file, text);
      writeFileSync(`${file}.br`, brotliCompressSync(text));
      writeFileSync(`${file}.gz`, gzipSync(text));
    }

    beforeAll(() => {
      host = join(root, 'host');
      writeWithCopies(join(host, 'assets/words-Qw12Er34.js'), script);
      writeWithCopies(join(root, 'remotes/studio/dist/mf-manifest.json'), JSON.stringify({ words: script }));
      writeWithCopies(join(host, 'index.html'), shell);
      writeFileSync(join(host, 'assets/stale-Zz98Yy76.js'), script);
      writeFileSync(join(host, 'assets/stale-Zz98Yy76.js.br'), brotliCompressSync('old bytes'));
      const past = new Date(Date.now() - 60_000);
      utimesSync(join(host, 'assets/stale-Zz98Yy76.js.br'), past, past);
    });

    it('picks brotli over gzip over identity, honouring q=0, and sends the right length', async () => {
      for (const [accept, encoding] of [
        [CHROME, 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['*', 'br'],
        ['br;q=0, gzip;q=0', undefined],
        ['identity', undefined],
        ['', undefined],
      ] as const) {
        const res = await rawRequest(url('/assets/words-Qw12Er34.js'), { headers: accept ? { 'Accept-Encoding': accept } : {} });
        expect(res.status, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
        expect(res.headers['content-type'], accept).toMatch(/javascript/);
        expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
        expect(res.headers.etag, accept).toBeUndefined();
        expect(Number(res.headers['content-length']), accept).toBe(res.bytes.length);
        if (encoding) expect(res.bytes.length, accept).toBeLessThan(script.length);
        expect(decodedBody(res).toString(), accept).toBe(script);
      }
    });

    it('gives each encoding of a revalidated file its own ETag and answers each with a 304', async () => {
      const tags = new Set<string>();
      for (const accept of ['br', 'gzip', 'identity']) {
        const res = await rawRequest(url('/remotes/studio/mf-manifest.json'), { headers: { 'Accept-Encoding': accept } });
        const etag = res.headers.etag ?? '';
        tags.add(etag);
        const again = await rawRequest(url('/remotes/studio/mf-manifest.json'), {
          headers: { 'Accept-Encoding': accept, 'If-None-Match': etag },
        });
        expect(again.status, accept).toBe(304);
      }
      expect(tags.size).toBe(3);
      const brTag = [...tags][0] ?? '';
      const crossed = await rawRequest(url('/remotes/studio/mf-manifest.json'), {
        headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': brTag },
      });
      expect(crossed.status).toBe(200);
      expect(crossed.headers['content-encoding']).toBe('gzip');
    });

    it('revalidates the shell and the remote manifests, compressed too', async () => {
      const page = await rawRequest(url('/generate'), { headers: { 'Accept-Encoding': CHROME, Accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(decodedBody(page).toString()).toBe(shell);
      const manifest = await rawRequest(url('/remotes/studio/mf-manifest.json'), { headers: { 'Accept-Encoding': 'gzip' } });
      expect(manifest.headers['content-encoding']).toBe('gzip');
      expect(manifest.headers['cache-control']).toBe('no-cache');
      const again = await rawRequest(url('/remotes/studio/mf-manifest.json'), {
        headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': manifest.headers.etag ?? '' },
      });
      expect(again.status).toBe(304);
    });

    it('answers HEAD with the length of the encoded file and no body', async () => {
      const get = await rawRequest(url('/assets/words-Qw12Er34.js'), { headers: { 'Accept-Encoding': 'br' } });
      const head = await rawRequest(url('/assets/words-Qw12Er34.js'), { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-length']).toBe(String(get.bytes.length));
      expect(head.bytes.length).toBe(0);
    });

    it('never sends a copy older than its file', async () => {
      const res = await rawRequest(url('/assets/stale-Zz98Yy76.js'), { headers: { 'Accept-Encoding': 'br' } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.bytes.toString()).toBe(script);
    });

    it('allows the inline script of a shell rebuilt while the server runs', async () => {
      const rebuilt = 'window.__boot = 2;';
      writeWithCopies(
        join(host, 'index.html'),
        `<!doctype html><html><body><div id="root"></div><script>${rebuilt}</script></body></html>`,
      );
      for (const path of ['/', '/generate']) {
        const page = await rawRequest(url(path), { headers: { 'Accept-Encoding': CHROME, Accept: 'text/html' } });
        expect(decodedBody(page).toString(), path).toContain(rebuilt);
        const csp = String(page.headers['content-security-policy']);
        expect(csp, path).toContain(inlineScriptHashes(`<script>${rebuilt}</script>`)[0]);
        expect(csp, path).not.toContain(inlineScriptHashes(`<script>${inline}</script>`)[0]);
        expect(csp, path).toContain("frame-ancestors 'none'");
      }
    });
  });
});
