import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/index.ts';
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

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'api-static-'));
    const host = join(root, 'host');
    mkdirSync(join(host, 'assets'), { recursive: true });
    writeFileSync(join(host, 'index.html'), `<!doctype html><html><body><div id="root"></div><script>${inline}</script></body></html>`);
    writeFileSync(join(host, 'assets/index-AbCdEf12.js'), 'console.log("host")');
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

  it('serves hashed assets as immutable with the right type', async () => {
    const res = await server.request('GET', '/assets/index-AbCdEf12.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
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
    const first = await server.request('GET', '/assets/index-AbCdEf12.js');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    // An explicit Cache-Control stops fetch from adding `no-cache`, which would (rightly) bypass validation.
    const again = await server.request('GET', '/assets/index-AbCdEf12.js', {
      headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    const head = await server.request('HEAD', '/assets/index-AbCdEf12.js');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(String('console.log("host")'.length));
  });
});
