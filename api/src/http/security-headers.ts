// Browser hardening headers for every answer, including a CSP that allows only our scripts and the remotes'.
import { createHash } from 'node:crypto';

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

/** Builds the Content-Security-Policy value. */
export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const remotes = options.remoteOrigins.join(' ');
  const withRemotes = (...sources: string[]) => [...sources, remotes].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${withRemotes("'self'", ...options.inlineScriptHashes)}`,
    // React Aria and the docs page set inline style attributes; styles cannot run code.
    `style-src ${withRemotes("'self'", "'unsafe-inline'")}`,
    `img-src ${withRemotes("'self'", 'data:', 'blob:')}`,
    `font-src ${withRemotes("'self'", 'data:')}`,
    `connect-src ${withRemotes("'self'")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Header name and value pairs, built once at start. */
export type SecurityHeaders = readonly (readonly [string, string])[];

/** Only over https (the request frame checks `ctx.secure`). */
export const HSTS = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const;

/** CSP, nosniff, referrer and framing headers for every answer (set by the request frame); HSTS is added over https. */
export function securityHeaders(options: SecurityHeaderOptions): SecurityHeaders {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    // Payment popups (PayPal) must keep a handle on their opener.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
}
