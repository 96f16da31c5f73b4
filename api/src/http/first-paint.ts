// The pages' first frames the UI build renders (shells/host/build/firstPaint.ts): one HTML file per page and
// language that paints the header and the page's head before any script runs. This picks the file for a
// request, in the language the app itself will choose: the saved choice (a cookie the UI keeps equal to it),
// else the browser's preferred languages (Accept-Language comes from the same list as navigator.languages).
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { AppContext } from './context.ts';

/** `first-paint/pages.json` as the build writes it. */
interface FirstPaintManifest {
  /** The cookie holding the saved language. */
  cookie: string;
  /** The UI's languages, the fallback first. */
  languages: string[];
  /** Page address to file name (in `first-paint/<language>/`). */
  pages: Record<string, string>;
  /** The key in `pages` of 'Page Not Found'. */
  notFound: string;
}

export interface FirstPaintPage {
  file: string;
  /** Tells the variants of one address apart in the ETag. */
  variant: string;
}

export interface FirstPaintPages {
  /** The page at exactly `path` (a trailing slash allowed), or 'Page Not Found' when `path` is undefined. */
  pageFor(ctx: AppContext, path?: string): FirstPaintPage | undefined;
  /** Whether a file (a resolved path) lies in the first frames' folder, which is never served by name. */
  holds(file: string): boolean;
}

/** The build's first frames under `hostDir`; none (the bare shell is sent) for a build without them. */
export function firstPaintPages(hostDir: string): FirstPaintPages {
  const dir = join(hostDir, 'first-paint');
  const holds = (file: string) => file === dir || file.startsWith(`${dir}${sep}`);
  const manifestFile = join(dir, 'pages.json');
  if (!existsSync(manifestFile)) return { pageFor: () => undefined, holds };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as FirstPaintManifest;
  const fileOf = (language: string, page: string) => join(dir, language, `${page}.html`);
  return {
    pageFor(ctx, path) {
      const key = path === undefined ? manifest.notFound : path.length > 1 ? path.replace(/\/+$/, '') : path;
      // 'Page Not Found' answers the addresses that are no page, never its own key as if it were one.
      const page =
        Object.hasOwn(manifest.pages, key) && (path === undefined || key !== manifest.notFound) ? manifest.pages[key] : undefined;
      if (page === undefined) return undefined;
      // The HTML differs by these two request headers; caches must keep one copy per value.
      ctx.vary('Cookie');
      ctx.vary('Accept-Language');
      const language = languageOf(ctx, manifest);
      return { file: fileOf(language, page), variant: language };
    },
    holds,
  };
}

function languageOf(ctx: AppContext, manifest: FirstPaintManifest): string {
  const saved = ctx.cookies.get(manifest.cookie, { signed: false });
  if (saved && manifest.languages.includes(saved)) return saved;
  // Negotiator matches 'vi-VN' to 'vi' and ranks by q, then by order; no header gives the first (the fallback).
  const preferred = ctx.acceptsLanguages(manifest.languages);
  return typeof preferred === 'string' ? preferred : (manifest.languages[0] ?? 'en');
}
