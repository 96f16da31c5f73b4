// Browser hardening headers (helmet): a few on every answer, the rest on pages alone, with a page CSP that allows only
// our scripts and the remotes'. The CSP's inline-script hashes are ours: each page of the UI gets its own policy
// (`static.ts`), the docs page the default.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { AppContext } from './context.ts';

export interface SecurityHeaderOptions {
  /** Extra origins our pages load scripts, styles and data from (Module Federation remotes). */
  remoteOrigins: readonly string[];
  /** `'sha256-...'` sources of inline scripts we serve ourselves (docs page, built index.html). */
  inlineScriptHashes: readonly string[];
}

/** The origins of absolute remote entry URLs; same-origin paths need nothing extra. */
export function remoteOrigins(remotes: Record<string, string>): string[] {
  const origins = Object.values(remotes)
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  return [...new Set(origins)].sort();
}

/** CSP hash sources for each inline `<script>` in an HTML page, so the page works without `unsafe-inline`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

type Directives = Record<string, string[]>;

function cspDirectives(options: SecurityHeaderOptions): Directives {
  const withRemotes = (...sources: string[]) => [...sources, ...options.remoteOrigins];
  return {
    'default-src': ["'self'"],
    'script-src': withRemotes("'self'", ...options.inlineScriptHashes),
    // React Aria and the docs page set inline style attributes; styles cannot run code.
    'style-src': withRemotes("'self'", "'unsafe-inline'"),
    'img-src': withRemotes("'self'", 'data:', 'blob:'),
    'font-src': withRemotes("'self'", 'data:'),
    'connect-src': withRemotes("'self'"),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The Content-Security-Policy value, for a page that carries its own (helmet writes the default one). */
export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  return Object.entries(cspDirectives(options))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

const HSTS_MAX_AGE_S = 31_536_000;

/** Sets security headers on one answer. */
export type Harden = (ctx: AppContext) => void;

/** The two steps of hardening an answer, around the chain that builds it. */
export interface Hardening {
  /** Before the chain: what every answer carries (a page or a file may set its own CSP instead). */
  every: Harden;
  /** After the chain, once the answer's type is known: what only a page needs, when the answer is one. */
  page: Harden;
}

type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * The CSP of every answer that is not a page (JSON, files, streams): one opened as a page loads nothing and is never
 * framed. A page gets the full policy in its place.
 */
export const NOT_A_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers that mean something on a page (or an SVG opened as one) alone: framing, the opener, the referrer its
 * requests send, the features it may use. On the API's answers they were about 500 bytes each, sent for nothing.
 */
const PAGE_HEADERS = new Set([
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'referrer-policy',
  'permissions-policy',
]);

/** Whether an answer's Content-Type is one a browser shows as a page. */
function isPage(contentType: unknown): boolean {
  return typeof contentType === 'string' && (contentType.startsWith('text/html') || contentType.startsWith('image/svg+xml'));
}

/**
 * The headers a helmet configuration sets, read once by running it against a response that only records them: they
 * depend on the configuration alone, so each request gets the list instead of helmet's chain of a dozen middlewares.
 */
function headersOf(middleware: ReturnType<typeof helmet>): HeaderList {
  const headers: Array<[string, string]> = [];
  const recorder = { setHeader: (name: string, value: unknown) => headers.push([name, String(value)]), removeHeader: () => {} };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's middlewares are synchronous; one that was not would set headers this list never saw.
  if (!finished) throw new Error('helmet did not finish at once: its headers cannot be computed ahead');
  return headers;
}

/**
 * Helmet's headers, configured once at start: HSTS only over https (`ctx.secure`, so behind a trusted proxy too), no
 * Cross-Origin-Resource-Policy (remotes on their own origin show our images), none of the legacy ones, and a
 * Permissions-Policy helmet lacks. Every answer gets the headers that are not a page's, and `NOT_A_PAGE_POLICY`; a
 * page gets the rest, and the full CSP unless it set its own.
 */
export function securityHeaders(options: SecurityHeaderOptions): Hardening {
  const config = (secure: boolean): HeaderList => [
    ...headersOf(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
        // Payment popups (PayPal) must keep a handle on their opener.
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
        crossOriginResourcePolicy: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        strictTransportSecurity: secure ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
        xFrameOptions: { action: 'deny' },
        // Legacy headers (old IE, Flash, XSS auditor) and two browsers default to anyway: bytes on every one of the
        // ~30 files a first visit loads, protecting nothing today.
        originAgentCluster: false,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xPermittedCrossDomainPolicies: false,
        xXssProtection: false,
      }),
    ),
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  const everyOf = (headers: HeaderList): HeaderList => [
    ...headers.filter(([name]) => !PAGE_HEADERS.has(name.toLowerCase())),
    ['Content-Security-Policy', NOT_A_PAGE_POLICY],
  ];
  const pageOf = (headers: HeaderList): HeaderList => headers.filter(([name]) => PAGE_HEADERS.has(name.toLowerCase()));
  const plain = config(false);
  const secure = config(true);
  const every = { plain: everyOf(plain), secure: everyOf(secure) };
  // Both are the same: HSTS goes on every answer.
  const page = pageOf(plain);
  return {
    every: (ctx) => {
      for (const [name, value] of ctx.secure ? every.secure : every.plain) ctx.res.setHeader(name, value);
    },
    page: (ctx) => {
      const res = ctx.res;
      if (res.headersSent) return;
      if (isPage(res.getHeader('content-type'))) {
        // A page that set its own policy (a UI page with its scripts' hashes, a sandboxed file) keeps it.
        const ownPolicy = res.getHeader('content-security-policy') !== NOT_A_PAGE_POLICY;
        for (const [name, value] of page) if (!(ownPolicy && name === 'Content-Security-Policy')) res.setHeader(name, value);
      } else if (res.statusCode === 304 && res.getHeader('content-security-policy') === NOT_A_PAGE_POLICY) {
        // A 304 has no type, and a browser copies its headers onto the answer it kept: a page would lose its policy.
        res.removeHeader('Content-Security-Policy');
      }
    },
  };
}
