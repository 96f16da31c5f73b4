import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppContextExtras, AppState } from './context.ts';
import { requestFrame } from './request-frame.ts';
import { contentSecurityPolicy, inlineScriptHashes, remoteOrigins, securityHeaders } from './security-headers.ts';

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

describe('HSTS', () => {
  it('is sent only when the request arrived over https (behind a trusted proxy here)', async () => {
    const app = new Koa<AppState, AppContextExtras>({ proxy: true });
    app.use(
      requestFrame({
        logger: pino({ level: 'silent' }),
        harden: securityHeaders({ remoteOrigins: [], inlineScriptHashes: [] }),
        observe: () => {},
      }),
    );
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const plain = await fetch(url);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      expect(plain.headers.get('x-frame-options')).toBe('DENY');
      expect(plain.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      expect(plain.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
      // Remotes on their own origin show our images.
      expect(plain.headers.get('cross-origin-resource-policy')).toBeNull();
      // No legacy headers: they weigh on every file of a first visit (the web budget) and protect nothing today.
      for (const legacy of ['origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection']) {
        expect(plain.headers.get(legacy), legacy).toBeNull();
      }
      const tls = await fetch(url, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      server.close();
    }
  });
});
