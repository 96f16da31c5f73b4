import type { Plugin } from 'vite';
import { federationChanged } from './changed.ts';

/** The script tag @module-federation/vite puts in index.html: a few lines that start the host once its shares are ready. */
const BOOTSTRAP_TAG = /<script type="module" crossorigin src="([^"]*\/(mf-entry-bootstrap-[\w-]+\.js))"><\/script>/;
/** The bootstrap's imports of its sibling chunks (`"./hostInit-x.js"`). */
const SIBLING_IMPORT = /(["'])\.\/([\w.-]+\.js)\1/g;

const revisit = (what: string) => federationChanged('host-bootstrap.ts', what);

/**
 * Writes the federation bootstrap into index.html instead of fetching it: under 1 KB of script that every page
 * waits for before it can ask for anything else, so a request (and its response headers) saved on every first
 * visit. The API allows the inline script by its hash in the page's CSP (api/src/http/security-headers.ts).
 * Its imports were relative to the script's own folder; inline they resolve against the page, so they get
 * absolute. The build fails if index.html loads no such bootstrap or a relative import would be left in it.
 */
export function inlineBootstrap(): Plugin {
  let base = '/';
  return {
    name: 'app:inline-bootstrap',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After @module-federation/vite has emitted the bootstrap and pointed index.html at it.
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') throw revisit('the build has no index.html');
        const page = html.source.toString();
        const [tag, , name] = BOOTSTRAP_TAG.exec(page) ?? [];
        const file = Object.values(bundle).find((entry) => entry.type === 'asset' && entry.fileName.endsWith(`/${name}`));
        if (!tag || file?.type !== 'asset') throw revisit('index.html loads no federation bootstrap');
        const folder = file.fileName.slice(0, file.fileName.lastIndexOf('/') + 1);
        const source = file.source
          .toString()
          .replace(SIBLING_IMPORT, (match, quote: string, sibling: string) =>
            bundle[`${folder}${sibling}`] ? `${quote}${base}${folder}${sibling}${quote}` : match,
          );
        if (source.includes('"./') || source.includes("'./")) throw revisit('a relative import is left in the bootstrap');
        html.source = page.replace(tag, () => `<script type="module">${source.trim()}</script>`);
        delete bundle[file.fileName];
      },
    },
  };
}
