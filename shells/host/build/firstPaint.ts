/**
 * Each page's first frame, in each language, as HTML the server sends before any script has run: the
 * header, and the page's head (a host page whole), rendered at build time by the app's own components
 * (src/firstPaint/renderPage.tsx), so what paints first is what React then draws in its place. Written to
 * `first-paint/<language>/<page>.html` beside the shell, with `first-paint/pages.json` telling the server
 * which file answers which address and how to pick the language (api/src/http/first-paint.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import { icuCatalogues } from '../../../packages/i18n/build/icuCatalogues.ts';

type RenderModule = typeof import('../src/firstPaint/renderPage.tsx');

const ENTRY = fileURLToPath(new URL('../src/firstPaint/renderPage.tsx', import.meta.url));
export const FIRST_PAINT_DIR = 'first-paint';

/** Style sheets mean nothing to a render to text (the page links the built CSS): each import loads as nothing. */
const NO_CSS = '\0first-paint:no-css';
const skipStyles: Plugin = {
  name: 'app:first-paint-no-css',
  enforce: 'pre',
  resolveId: (source) => (source.endsWith('.css') ? NO_CSS : undefined),
  load: (id) => (id === NO_CSS ? 'export {};' : undefined),
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The shell with `root` inside its `#root`, its language and title set. */
function fill(shell: string, language: string, root: string, title: string): string {
  const parts = [
    [/<html lang="[^"]*">/, `<html lang="${language}">`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`],
    [/<div id="root"><\/div>/, `<div id="root">${root}</div>`],
  ] as const;
  return parts.reduce((html, [pattern, replacement]) => {
    if (!pattern.test(html)) throw new Error(`first paint: index.html has no ${pattern}`);
    return html.replace(pattern, () => replacement);
  }, shell);
}

/** The file name of page `path` ('/' is 'index'). */
const fileName = (path: string) => (path === '/' ? 'index' : path.slice(1).replaceAll('/', '-'));

export function firstPaint(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'app:first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const shell = await readFile(join(outDir, 'index.html'), 'utf8');
      // A dev server in this process only to load the page modules as Node code (Vite's SSR), then closed.
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        plugins: [skipStyles, icuCatalogues()],
      });
      const pages: Record<string, string> = {};
      try {
        const module = (await server.ssrLoadModule(ENTRY)) as RenderModule;
        for (const path of module.PAGES) {
          pages[path] = fileName(path);
          for (const language of module.LANGUAGES) {
            const { root: markup, title } = await module.renderPage(path, language);
            const file = join(outDir, FIRST_PAINT_DIR, language, `${fileName(path)}.html`);
            await mkdir(dirname(file), { recursive: true });
            await writeFile(file, fill(shell, language, markup, title));
          }
        }
        const manifest = { cookie: module.LANGUAGE_COOKIE, languages: module.LANGUAGES, pages, notFound: module.NOT_FOUND_PAGE };
        await writeFile(join(outDir, FIRST_PAINT_DIR, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      } finally {
        await server.close();
      }
    },
  };
}
