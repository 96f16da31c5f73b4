// The API reference: the committed spec at /api/openapi.json and a Scalar page whose bundle we serve ourselves,
// all three compressed once in memory and revalidated by ETag.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { renderApiReference } from '@scalar/client-side-rendering';
import { REPO_ROOT } from '../config.ts';
import type { AppRouter } from './bind.ts';
import { NAME_COPY_BUTTONS, SCALAR_CUSTOM_CSS } from './docs-theme.ts';
import { EncodedBody, fileBody, sendEncodedBody } from './encoded-body.ts';
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

/**
 * Scalar's options that keep the page to our API and this server. Scalar shows its own services by default on
 * localhost (an AI agent, MCP set-up, developer tools with Share, Deploy and SDK generation), and offers to open its
 * API client app: none of that is for our integrators, and each leads to Scalar's hosted services.
 * Option names as in the installed @scalar/types (0.22): `agent` and `mcp` take `disabled`.
 */
export const SCALAR_OPTIONS = {
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  telemetry: false,
  // Fonts come from this server's bundle, not from Scalar's CDN.
  withDefaultFonts: false,
  customCss: SCALAR_CUSTOM_CSS,
} as const;

/**
 * The reference page; fonts and the bundle come from this server so no request leaves the machine. The page is in
 * English (the spec's language), said on `<html>` for screen readers; a script names Scalar's copy buttons.
 */
export function docsPageHtml(): string {
  const html = renderApiReference({
    config: { url: '/api/openapi.json', ...SCALAR_OPTIONS },
    pageTitle: 'Nano Banana Image Studio API',
    cdn: '/api/docs/scalar.js',
  });
  return html.replace(/<html>/, '<html lang="en">').replace('</body>', `<script>${NAME_COPY_BUTTONS}</script>\n</body>`);
}

// Shared by every app in the process: compressed once, not once per test server.
const spec = fileBody(OPENAPI_FILE);
// 4 MB of JavaScript: brotli 11 would take ~15 s on the first request; 6 takes ~0.3 s for 14% more bytes.
const scalarBundle = fileBody(scalarBundlePath(), 6);

/**
 * Registers GET /api/openapi.json, /api/docs and /api/docs/scalar.js, each sent brotli or gzip compressed with a
 * strong ETag per encoding; returns the CSP hashes the page needs.
 */
export function registerDocs(router: AppRouter): { inlineScriptHashes: string[] } {
  const html = docsPageHtml();
  const page = new EncodedBody(Buffer.from(html));
  router.get('/api/openapi.json', async (ctx) => {
    await sendEncodedBody(ctx, await spec(), { type: 'application/json', cacheControl: 'no-cache' });
  });
  router.get('/api/docs', async (ctx) => {
    await sendEncodedBody(ctx, page, { type: 'text/html; charset=utf-8', cacheControl: 'no-cache' });
  });
  router.get('/api/docs/scalar.js', async (ctx) => {
    // Not content-hashed, but pinned with the dependency: a day of caching is safe, then the ETag revalidates.
    await sendEncodedBody(ctx, await scalarBundle(), {
      type: 'application/javascript; charset=utf-8',
      cacheControl: 'public, max-age=86400',
    });
  });
  return { inlineScriptHashes: inlineScriptHashes(html) };
}
