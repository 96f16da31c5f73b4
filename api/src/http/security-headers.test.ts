import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppContextExtras, AppState } from './context.ts';
import { requestFrame } from './request-frame.ts';
import { contentSecurityPolicy, inlineScriptHashes, NOT_A_PAGE_POLICY, remoteOrigins, securityHeaders } from './security-headers.ts';

describe('CSP building blocks', () => {
  it('take only absolute remote URLs, as origins, once each', () => {
    expect(
      remoteOrigins({
        studio: '/remotes/studio/remoteEntry.js',
        admin: 'https://admin.example.com/v2/remoteEntry.js',
        other: 'https://admin.example.com/other/remoteEntry.js',
      }),
    ).toEqual(['https://admin.example.com']);
  });

  it('hash inline scripts and skip external ones', () => {
    const body = 'boot()';
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(`<script src="/a.js"></script><script type="module">${body}</script><script></script>`)).toEqual([expected]);
  });

  it('allow our scripts and the remotes, nothing inline or eval', () => {
    const csp = contentSecurityPolicy({ remoteOrigins: ['http://127.0.0.1:4174'], inlineScriptHashes: ["'sha256-abc'"] });
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self' 'sha256-abc' http://127.0.0.1:4174");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4174");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('security headers', () => {
  const pageHeaders = ['x-frame-options', 'cross-origin-opener-policy', 'referrer-policy', 'permissions-policy'];

  async function serve(): Promise<{ url: string; close: () => void }> {
    const app = new Koa<AppState, AppContextExtras>({ proxy: true });
    app.use(
      requestFrame({
        logger: pino({ level: 'silent' }),
        harden: securityHeaders({ remoteOrigins: [], inlineScriptHashes: [] }),
        observe: () => {},
      }),
    );
    app.use((ctx) => {
      if (ctx.path === '/page') ctx.body = '<!doctype html><p>page</p>';
      else if (ctx.path === '/own-policy') {
        ctx.type = 'html';
        ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
        ctx.body = '<p>sandboxed</p>';
      } else if (ctx.path === '/kept-page') {
        // As a page revalidated with a 304 is answered: no type, no body.
        ctx.status = 304;
      } else ctx.body = { ok: true };
    });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  }

  it('give a page the full set, and every other answer only what it needs', async () => {
    const { url, close } = await serve();
    try {
      const page = await fetch(`${url}/page`);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(page.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      // Remotes on their own origin show our images.
      expect(page.headers.get('cross-origin-resource-policy')).toBeNull();
      // No legacy headers: they weigh on every file of a first visit (the web budget) and protect nothing today.
      for (const legacy of ['origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection']) {
        expect(page.headers.get(legacy), legacy).toBeNull();
      }

      const json = await fetch(`${url}/api`);
      expect(json.headers.get('content-type')).toContain('application/json');
      // Opened as a page, an API answer loads nothing and cannot be framed.
      expect(json.headers.get('content-security-policy')).toBe(NOT_A_PAGE_POLICY);
      expect(json.headers.get('x-content-type-options')).toBe('nosniff');
      for (const header of pageHeaders) expect(json.headers.get(header), header).toBeNull();

      // A page's own policy stands; the other page headers come as to any page.
      const own = await fetch(`${url}/own-policy`);
      expect(own.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(own.headers.get('x-frame-options')).toBe('DENY');

      // A browser copies a 304's headers onto the page it kept: no policy there, the page keeps its own.
      const kept = await fetch(`${url}/kept-page`);
      expect(kept.status).toBe(304);
      expect(kept.headers.get('content-security-policy')).toBeNull();
      expect(kept.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      close();
    }
  });

  it('send HSTS only when the request arrived over https (behind a trusted proxy here), pages and API alike', async () => {
    const { url, close } = await serve();
    try {
      for (const path of ['/page', '/api']) {
        expect((await fetch(`${url}${path}`)).headers.get('strict-transport-security'), path).toBeNull();
        const tls = await fetch(`${url}${path}`, { headers: { 'X-Forwarded-Proto': 'https' } });
        expect(tls.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      close();
    }
  });
});
