import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/index.ts';
import { inlineScriptHashes } from './security-headers.ts';

/** A host build with first frames (as shells/host/build/firstPaint.ts writes them) for two pages and 404. */
describe('serving each page its first frame in the visitor language', () => {
  let root: string;
  let server: TestServer;
  const frame = (language: string, page: string) =>
    `<!doctype html><html lang="${language}"><div id="root">${language}:${page}</div></html>`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'api-first-paint-'));
    const host = join(root, 'host');
    mkdirSync(join(host, 'assets'), { recursive: true });
    writeFileSync(join(host, 'index.html'), '<!doctype html><html><div id="root"></div></html>');
    writeFileSync(join(host, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const pages = { '/': 'index', '/generate': 'generate', '/404': '404' };
    for (const language of ['en', 'vi']) {
      mkdirSync(join(host, 'first-paint', language), { recursive: true });
      for (const page of Object.values(pages)) writeFileSync(join(host, 'first-paint', language, `${page}.html`), frame(language, page));
    }
    // An inline script in one frame only: the CSP must still allow it.
    writeFileSync(join(host, 'first-paint/vi/generate.html'), `${frame('vi', 'generate')}<script>window.vi = 1;</script>`);
    const manifest = { cookie: 'app-language', languages: ['en', 'vi'], pages, notFound: '/404' };
    writeFileSync(join(host, 'first-paint/pages.json'), JSON.stringify(manifest));
    server = await startTestServer({ staticDir: host });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (path: string, headers: Record<string, string> = {}) =>
    server.request('GET', path, { headers: { Accept: 'text/html', 'Cache-Control': 'max-age=0', ...headers } });

  it('paints the saved language (cookie) first, else the preferred one, else the fallback', async () => {
    expect((await page('/generate', { 'Accept-Language': 'vi-VN,vi;q=0.9,en;q=0.8' })).text).toContain('vi:generate');
    expect((await page('/generate', { 'Accept-Language': 'fr-FR,fr;q=0.9,en-GB;q=0.8,vi;q=0.7' })).text).toContain('en:generate');
    expect((await page('/generate', { 'Accept-Language': 'vi', Cookie: 'app-language=en' })).text).toContain('en:generate');
    expect((await page('/generate', { 'Accept-Language': 'en', Cookie: 'other=1; app-language=vi' })).text).toContain('vi:generate');
    // An unknown saved value or language: the preferred list, then English.
    expect((await page('/', { 'Accept-Language': 'vi', Cookie: 'app-language=xx' })).text).toContain('vi:index');
    expect((await page('/', { 'Accept-Language': 'de' })).text).toContain('en:index');
    expect((await page('/generate/', { 'Accept-Language': 'vi' })).text).toContain('vi:generate');
  });

  it('says the page varies by cookie and language, and revalidates each variant on its own', async () => {
    // Both copies of / have the same size and may share a modification time: the tag still tells them apart.
    const en = await page('/', { 'Accept-Language': 'en' });
    const vi = await page('/', { 'Accept-Language': 'vi' });
    expect(en.headers.get('vary')).toMatch(/Cookie/);
    expect(en.headers.get('vary')).toMatch(/Accept-Language/);
    expect(en.headers.get('cache-control')).toBe('no-cache');
    const [enTag, viTag] = [en.headers.get('etag') ?? '', vi.headers.get('etag') ?? ''];
    expect(enTag).not.toBe(viTag);
    expect((await page('/', { 'Accept-Language': 'en', 'If-None-Match': enTag })).status).toBe(304);
    expect((await page('/', { 'Accept-Language': 'vi', 'If-None-Match': viTag })).status).toBe(304);
    // The other language's copy is not the one cached: sent in full.
    const switched = await page('/', { 'Accept-Language': 'en', Cookie: 'app-language=vi', 'If-None-Match': enTag });
    expect(switched.status).toBe(200);
    expect(switched.text).toContain('vi:index');
  });

  it("answers an address that is no page with 404 and the 'Page Not Found' frame, /404 included", async () => {
    for (const path of ['/nope', '/404']) {
      const res = await page(path, { 'Accept-Language': 'vi' });
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain('vi:404');
    }
  });

  it('sends the bare shell for a page it has no frame of, and files and non-navigations as before', async () => {
    const pricing = await page('/pricing');
    expect(pricing.status).toBe(200);
    expect(pricing.text).toContain('<div id="root"></div>');
    expect(pricing.headers.get('vary') ?? '').not.toMatch(/Cookie/);
    expect((await page('/favicon.svg')).text).toContain('<svg');
    const api = await server.request('GET', '/generate', { headers: { Accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect(api.text).not.toContain('en:generate');
  });

  it("allows each frame's own inline scripts in its CSP", async () => {
    const hash = inlineScriptHashes('<script>window.vi = 1;</script>')[0] ?? 'missing';
    const withScript = await page('/generate', { 'Accept-Language': 'vi' });
    expect(withScript.headers.get('content-security-policy')).toContain(hash);
    const without = await page('/generate', { 'Accept-Language': 'en' });
    expect(without.headers.get('content-security-policy')).not.toContain(hash);
    // Nor does any answer's default policy allow it.
    expect((await page('/favicon.svg')).headers.get('content-security-policy')).not.toContain(hash);
  });

  it('never sends a frame or the manifest by its file name', async () => {
    for (const path of ['/first-paint/en/generate.html', '/first-paint/vi/generate.html', '/first-paint/pages.json', '/first-paint/']) {
      const navigation = await page(path, { 'Accept-Language': 'vi' });
      expect(navigation.status, path).toBe(404);
      // A navigation gets the 'Page Not Found' frame; anything else the problem.
      expect(navigation.text, path).toContain('vi:404');
      const fetched = await server.request('GET', path);
      expect(fetched.status, path).toBe(404);
      expect(fetched.headers.get('content-type'), path).toMatch(/problem\+json/);
    }
  });
});
