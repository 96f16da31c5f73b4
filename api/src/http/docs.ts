// The API reference: the committed spec at /api/openapi.json and a Scalar page whose bundle we serve ourselves.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { renderApiReference } from '@scalar/client-side-rendering';
import { REPO_ROOT } from '../config.ts';
import type { AppRouter } from './bind.ts';
import { inlineScriptHashes } from './security-headers.ts';

export const OPENAPI_FILE = join(REPO_ROOT, 'openapi/openapi.json');

/**
 * `dist/browser/standalone.js` of @scalar/api-reference. It is not in the package's exports,
 * so resolve the main entry (`dist/index.js`) and walk to it.
 */
export function scalarBundlePath(): string {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return join(dirname(main), 'browser/standalone.js');
}

/** The reference page; fonts and the bundle come from this server so no request leaves the machine. */
export function docsPageHtml(): string {
  return renderApiReference({
    config: { url: '/api/openapi.json', withDefaultFonts: false },
    pageTitle: 'Nano Banana Image Studio API',
    cdn: '/api/docs/scalar.js',
  });
}

/** Registers GET /api/openapi.json, /api/docs and /api/docs/scalar.js; returns the CSP hashes the page needs. */
export function registerDocs(router: AppRouter): { inlineScriptHashes: string[] } {
  const html = docsPageHtml();
  const bundle = scalarBundlePath();
  router.get('/api/openapi.json', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'application/json';
    ctx.body = await readFile(OPENAPI_FILE);
  });
  router.get('/api/docs', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = html;
  });
  router.get('/api/docs/scalar.js', (ctx) => {
    // Not content-hashed, but pinned with the dependency: a day of caching is safe.
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = 'application/javascript';
    ctx.body = createReadStream(bundle);
  });
  return { inlineScriptHashes: inlineScriptHashes(html) };
}
