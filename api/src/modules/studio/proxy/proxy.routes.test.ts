import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Problem, UploadImagesResponse } from '@app/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { pngDataUrl, userWithCredits } from '../testing/kit.ts';

interface Target {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

/** A local HTTP server that records every request it gets. */
async function target(png: Buffer, redirectTo?: () => string): Promise<Target> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/img.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>');
    else if (req.url === '/disguised.png') res.writeHead(200, { 'content-type': 'image/png' }).end('<html>still not an image</html>');
    else if (req.url === '/redirect' && redirectTo) res.writeHead(302, { location: redirectTo() }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('GET /api/proxy-image', () => {
  let server: TestServer;
  let cookie: string;
  let png: Buffer;
  /** Stands for a provider result host (reachable in tests through the escape hatch). */
  let provider: Target;
  /** A private service that must never be reached. */
  let internal: Target;

  beforeAll(async () => {
    png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    internal = await target(png);
    provider = await target(png, () => `http://127.0.0.1:${internal.port}/img.png`);
    server = await startTestServer({
      studio: {
        // The private hosts are on the allow-list on purpose: the address checks must refuse them anyway.
        proxyAllowHosts: ['127.0.0.1', 'localhost', '[::1]', '169.254.169.254', 'metadata.google.internal', '10.1.2.3', '0.0.0.0'],
        allowPrivateFetchFor: [`127.0.0.1:${provider.port}`],
      },
    });
    cookie = await signIn(server, await userWithCredits(server.orm, 0));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await internal?.close();
  });

  const proxy = (url: string) => server.request<Problem>('GET', `/api/proxy-image?url=${encodeURIComponent(url)}`, { cookie });

  it('passes an image from an allowed provider host through, with safe headers', async () => {
    const res = await fetch(`${server.url}/api/proxy-image?url=${encodeURIComponent(`http://127.0.0.1:${provider.port}/img.png`)}`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    // The same answer also holds to the spec.
    expect((await proxy(`http://127.0.0.1:${provider.port}/img.png`)).status).toBe(200);
  });

  it('serves our own stored files from storage, without any HTTP fetch', async () => {
    const upload = await server.request<UploadImagesResponse>('POST', '/api/upload-images', {
      cookie,
      body: { images: [await pngDataUrl()] },
    });
    const hitsBefore = provider.hits.length + internal.hits.length;
    const res = await fetch(`${server.url}/api/proxy-image?url=${encodeURIComponent(upload.body.urls[0] ?? '')}`, { headers: { cookie } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(provider.hits.length + internal.hits.length).toBe(hitsBefore);
    expect((await proxy(`${server.url}/files/uploads/AAAAAAAAAAAAAAAAAAAAAA.png`)).status).toBe(404);
    expect((await proxy(`${server.url}/files/sandbox/sbx_AAAAAAAAAAAAAAAAAAAAAA.json`)).status).toBe(404);
  });

  it.each([
    ['loopback', (p: number) => `http://127.0.0.1:${p}/img.png`],
    ['loopback in decimal', (p: number) => `http://2130706433:${p}/img.png`],
    ['loopback in hex', (p: number) => `http://0x7f.1:${p}/img.png`],
    ['loopback in octal', (p: number) => `http://0177.0.0.1:${p}/img.png`],
    ['loopback shortened', (p: number) => `http://127.1:${p}/img.png`],
    ['IPv6 loopback', (p: number) => `http://[::1]:${p}/img.png`],
    ['IPv4-mapped IPv6 loopback', (p: number) => `http://[::ffff:127.0.0.1]:${p}/img.png`],
    ['localhost', (p: number) => `http://localhost:${p}/img.png`],
    ['unspecified address', (p: number) => `http://0.0.0.0:${p}/img.png`],
    ['private network', () => 'http://10.1.2.3/img.png'],
    ['link-local metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['metadata host name', () => 'http://metadata.google.internal/computeMetadata/v1/'],
    ['a host off the allow-list', () => 'https://example.com/cat.png'],
    ['credentials in the URL', (p: number) => `http://user:secret@127.0.0.1:${p}/img.png`],
    ['a file URL', () => 'file:///etc/passwd'],
    ['an FTP URL', () => 'ftp://127.0.0.1/img.png'],
    ['not a URL', () => 'not a url'],
  ])('refuses %s with 403 and never reaches the private service', async (_name, url) => {
    const res = await proxy(url(internal.port));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('url_not_allowed');
    expect(internal.hits).toEqual([]);
  });

  it('refuses a redirect, even from an allowed host, and does not follow it to a private address', async () => {
    const res = await proxy(`http://127.0.0.1:${provider.port}/redirect`);
    expect(res.status).toBe(403);
    expect(provider.hits).toContain('/redirect');
    expect(internal.hits).toEqual([]);
  });

  it('answers 502 for a body that is not an image, whatever its content type says', async () => {
    for (const path of ['/page', '/disguised.png']) {
      const res = await proxy(`http://127.0.0.1:${provider.port}${path}`);
      expect(res.status, path).toBe(502);
      expect(res.body.code).toBe('upstream_failed');
    }
    expect((await proxy(`http://127.0.0.1:${provider.port}/missing.png`)).status).toBe(502);
    expect(internal.hits).toEqual([]);
  });
});
