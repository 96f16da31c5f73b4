import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guardedFetchImage } from '../images/fetch-image.ts';
import { checkUrl, GuardedFetchError, type GuardedFetchOptions, guardedFetch, type Resolver } from './guarded-fetch.ts';

interface TestServer {
  port: number;
  url: string;
  hits: IncomingMessage[];
  close(): Promise<void>;
}

async function startServer(handler: (req: IncomingMessage, res: ServerResponse, server: TestServer) => void): Promise<TestServer> {
  const hits: IncomingMessage[] = [];
  const self = { hits } as TestServer;
  const server = http.createServer((req, res) => {
    hits.push(req);
    handler(req, res, self);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  self.port = (server.address() as AddressInfo).port;
  self.url = `http://127.0.0.1:${self.port}`;
  self.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return self;
}

async function failure(promise: Promise<unknown>): Promise<GuardedFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GuardedFetchError);
    return error as GuardedFetchError;
  }
  throw new Error('expected the request to be refused');
}

const noDns: Resolver = async (hostname) => {
  throw new Error(`DNS must not be used for ${hostname}`);
};

let png: Buffer;
let target: TestServer;
let other: TestServer;

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 16, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  other = await startServer((_req, res) => {
    res.end('internal secret');
  });
  target = await startServer((req, res, self) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hop = Number(url.searchParams.get('hop') ?? '0');
    switch (url.pathname) {
      case '/ok':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`hello ${req.headers.host}`);
        return;
      case '/echo': {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString() })));
        return;
      }
      case '/png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(png);
        return;
      case '/octet-png':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(png);
        return;
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>not an image</body></html>');
        return;
      case '/html-as-png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end('<html><body>not an image</body></html>');
        return;
      case '/missing':
        res.writeHead(404, { 'content-type': 'image/png' });
        res.end();
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(2 * 1024 * 1024) });
        res.end(Buffer.alloc(2 * 1024 * 1024));
        return;
      case '/big-chunked':
        res.writeHead(200, { 'content-type': 'image/png' });
        for (let i = 0; i < 32; i++) res.write(Buffer.alloc(64 * 1024));
        res.end();
        return;
      case '/hang':
        return; // never answers
      case '/drip': {
        res.writeHead(200, { 'content-type': 'image/png' });
        const timer = setInterval(() => res.write('x'), 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/redirect-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
        return;
      case '/redirect-other':
        res.writeHead(302, { location: `${other.url}/` });
        res.end();
        return;
      case '/redirect-loopback-v6':
        res.writeHead(307, { location: `http://[::1]:${self.port}/ok` });
        res.end();
        return;
      case '/redirect-host':
        res.writeHead(302, { location: `http://elsewhere.example.test:${self.port}/ok` });
        res.end();
        return;
      case '/redirect-chain':
        res.writeHead(302, { location: hop >= 10 ? '/ok' : `/redirect-chain?hop=${hop + 1}` });
        res.end();
        return;
      case '/see-other':
        res.writeHead(303, { location: '/echo' });
        res.end();
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
});

afterAll(async () => {
  await target.close();
  await other.close();
});

/** The test-only escape hatch for the local target (never for `other`). */
function local(extra: GuardedFetchOptions = {}): GuardedFetchOptions {
  return { allowPrivateFor: [`127.0.0.1:${target.port}`], resolve: noDns, ...extra };
}

describe('guardedFetch: addresses', () => {
  it('refuses every odd notation of loopback, without DNS and without touching the server', async () => {
    const before = target.hits.length;
    const port = target.port;
    const urls = [
      `http://127.0.0.1:${port}/ok`,
      `http://2130706433:${port}/ok`,
      `http://0177.0.0.1:${port}/ok`,
      `http://0x7f.1:${port}/ok`,
      `http://0x7f000001:${port}/ok`,
      `http://127.1:${port}/ok`,
      `http://[::ffff:127.0.0.1]:${port}/ok`,
      `http://[::1]:${port}/ok`,
      `http://[::]:${port}/ok`,
      `http://0.0.0.0:${port}/ok`,
      `http://0:${port}/ok`,
    ];
    for (const url of urls) {
      const error = await failure(guardedFetch(url, { resolve: noDns }));
      expect(error.reason, url).toBe('blocked_address');
    }
    expect(target.hits.length).toBe(before);
  });

  it('refuses private, link-local, CGNAT, multicast and metadata addresses', async () => {
    const urls = [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://100.100.100.200/latest/meta-data/',
      'http://10.0.0.5/',
      'http://172.20.1.1/',
      'http://192.168.0.1/',
      'http://100.64.1.1/',
      'http://224.0.0.251/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[ff02::1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://168.63.129.16/',
    ];
    for (const url of urls) {
      expect((await failure(guardedFetch(url, { resolve: noDns }))).reason, url).toBe('blocked_address');
    }
  });

  it('refuses internal names before resolving them', async () => {
    const resolve = vi.fn(noDns);
    for (const url of [
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://localhost/',
      'http://api.localhost/',
      'http://intranet/',
    ]) {
      expect((await failure(guardedFetch(url, { resolve }))).reason, url).toBe('blocked_host');
    }
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses names that resolve to an internal address, or to any internal address among several', async () => {
    const cases: Record<string, string[]> = {
      'metadata.example.test': ['169.254.169.254'],
      'mapped.example.test': ['::ffff:127.0.0.1'],
      'mixed.example.test': ['93.184.216.34', '10.0.0.1'],
      'v6.example.test': ['2606:4700:4700::1111', 'fe80::1'],
    };
    const resolve: Resolver = async (hostname) =>
      (cases[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    for (const host of Object.keys(cases)) {
      expect((await failure(guardedFetch(`http://${host}/`, { resolve }))).reason, host).toBe('blocked_address');
    }
    expect((await failure(guardedFetch('http://nothing.example.test/', { resolve }))).reason).toBe('dns_failed');
  });

  it('refuses other schemes, credentials and broken URLs', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.png',
      'gopher://example.com/',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
    ]) {
      expect((await failure(guardedFetch(url, { resolve: noDns }))).reason, url).toBe('unsupported_protocol');
    }
    expect((await failure(guardedFetch('http://user:pw@example.com/', { resolve: noDns }))).reason).toBe('credentials_in_url');
    expect((await failure(guardedFetch('not a url', { resolve: noDns }))).reason).toBe('invalid_url');
  });
});

describe('guardedFetch: the test-only escape hatch', () => {
  it('is off by default and only opens the exact ip:port given', async () => {
    const before = target.hits.length;
    expect((await failure(guardedFetch(`${target.url}/ok`, { resolve: noDns }))).reason).toBe('blocked_address');
    expect((await failure(guardedFetch(`${target.url}/ok`, { resolve: noDns, allowPrivateFor: [`127.0.0.1:${other.port}`] }))).reason).toBe(
      'blocked_address',
    );
    expect(target.hits.length).toBe(before);
    const response = await guardedFetch(`${target.url}/ok`, local());
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(`hello 127.0.0.1:${target.port}`);
  });
});

describe('guardedFetch: DNS pinning', () => {
  it('connects to the address it checked, not to a second lookup', async () => {
    // `pinned.example.test` does not exist in real DNS: only the checked address can be used.
    const resolve = vi.fn<Resolver>(async () => [{ address: '127.0.0.1', family: 4 }]);
    const response = await guardedFetch(`http://pinned.example.test:${target.port}/ok`, local({ resolve }));
    expect(response.body.toString()).toBe(`hello pinned.example.test:${target.port}`);
    expect(response.address).toBe('127.0.0.1');
    expect(resolve).toHaveBeenCalledTimes(1);
  });
});

describe('guardedFetch: redirects', () => {
  it('treats a redirect as an error by default', async () => {
    const error = await failure(guardedFetch(`${target.url}/redirect-metadata`, local()));
    expect(error.reason).toBe('redirect');
    expect(error.status).toBe(302);
  });

  it('re-checks every hop when following: private targets are refused', async () => {
    const before = other.hits.length;
    expect((await failure(guardedFetch(`${target.url}/redirect-metadata`, local({ redirect: 'follow' })))).reason).toBe('blocked_address');
    expect((await failure(guardedFetch(`${target.url}/redirect-other`, local({ redirect: 'follow' })))).reason).toBe('blocked_address');
    expect((await failure(guardedFetch(`${target.url}/redirect-loopback-v6`, local({ redirect: 'follow' })))).reason).toBe(
      'blocked_address',
    );
    expect(other.hits.length).toBe(before);
  });

  it('follows at most maxRedirects hops', async () => {
    const ok = await guardedFetch(`${target.url}/redirect-chain?hop=8`, local({ redirect: 'follow' }));
    expect(ok.body.toString()).toContain('hello');
    expect(ok.redirects).toHaveLength(4);
    expect((await failure(guardedFetch(`${target.url}/redirect-chain?hop=6`, local({ redirect: 'follow' })))).reason).toBe(
      'too_many_redirects',
    );
  });

  it('applies the host allow-list to every hop', async () => {
    const allowHosts = ['127.0.0.1'];
    expect((await failure(guardedFetch(`${target.url}/redirect-host`, local({ redirect: 'follow', allowHosts })))).reason).toBe(
      'host_not_allowed',
    );
  });

  it('turns a 303 after POST into a GET without the body', async () => {
    const response = await guardedFetch(`${target.url}/see-other`, local({ redirect: 'follow', method: 'POST', body: 'payload' }));
    expect(JSON.parse(response.body.toString())).toEqual({ method: 'GET', body: '' });
  });
});

describe('guardedFetch: allow-list', () => {
  it('matches exact hosts, wildcard subdomains and ports', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const opts = (allowHosts: string[]) => local({ resolve, allowHosts });
    const url = (host: string) => `http://${host}:${target.port}/ok`;
    await expect(guardedFetch(url('cdn.example.test'), opts(['cdn.example.test']))).resolves.toMatchObject({ status: 200 });
    await expect(guardedFetch(url('a.files.example.test'), opts(['*.files.example.test']))).resolves.toMatchObject({ status: 200 });
    await expect(guardedFetch(url('cdn.example.test'), opts([`cdn.example.test:${target.port}`]))).resolves.toMatchObject({ status: 200 });
    for (const [host, allow] of [
      ['other.example.test', 'cdn.example.test'],
      ['files.example.test', '*.files.example.test'],
      ['badfiles.example.test', '*.files.example.test'],
      ['cdn.example.test', 'cdn.example.test:1'],
    ] as const) {
      expect((await failure(guardedFetch(url(host), opts([allow])))).reason, `${host} vs ${allow}`).toBe('host_not_allowed');
    }
  });
});

describe('guardedFetch: size and time caps', () => {
  it('refuses a body announced larger than the cap, and one that streams past it', async () => {
    expect((await failure(guardedFetch(`${target.url}/big`, local({ maxBytes: 1024 * 1024 })))).reason).toBe('too_large');
    expect((await failure(guardedFetch(`${target.url}/big-chunked`, local({ maxBytes: 1024 * 1024 })))).reason).toBe('too_large');
    const whole = await guardedFetch(`${target.url}/big-chunked`, local({ maxBytes: 4 * 1024 * 1024 }));
    expect(whole.body.length).toBe(32 * 64 * 1024);
  });

  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    expect((await failure(guardedFetch(`${target.url}/hang`, local({ timeoutMs: 300 })))).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a server that drips its body forever', async () => {
    const started = Date.now();
    expect((await failure(guardedFetch(`${target.url}/drip`, local({ timeoutMs: 400 })))).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('guardedFetch: hooks and bodies', () => {
  it('lets checkResponse reject before the body is read', async () => {
    const error = await failure(
      guardedFetch(`${target.url}/html`, {
        ...local(),
        checkResponse: (info) => {
          if (info.contentType !== 'image/png') throw new Error(`unexpected ${info.contentType}`);
        },
      }),
    );
    expect(error.reason).toBe('rejected_content');
    expect(error.message).toBe('unexpected text/html');
  });

  it('sends a POST body (outbound webhooks)', async () => {
    const response = await guardedFetch(
      `${target.url}/echo`,
      local({ method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }),
    );
    expect(JSON.parse(response.body.toString())).toEqual({ method: 'POST', body: '{"a":1}' });
  });
});

describe('guardedFetchImage', () => {
  it('returns a validated image', async () => {
    const image = await guardedFetchImage(`${target.url}/png`, local());
    expect(image).toMatchObject({ mimeType: 'image/png', width: 32, height: 16 });
    expect(image.bytes.equals(png)).toBe(true);
    expect((await guardedFetchImage(`${target.url}/octet-png`, local())).mimeType).toBe('image/png');
  });

  it('refuses non-image bodies, whatever the content type says', async () => {
    expect((await failure(guardedFetchImage(`${target.url}/html`, local()))).reason).toBe('rejected_content');
    expect((await failure(guardedFetchImage(`${target.url}/html-as-png`, local()))).reason).toBe('rejected_content');
  });

  it('refuses error statuses, oversized bodies and too many pixels', async () => {
    const missing = await failure(guardedFetchImage(`${target.url}/missing`, local()));
    expect([missing.reason, missing.status]).toEqual(['http_status', 404]);
    expect((await failure(guardedFetchImage(`${target.url}/big`, local({ maxBytes: 1024 * 1024 })))).reason).toBe('too_large');
    expect((await failure(guardedFetchImage(`${target.url}/png`, { ...local(), maxPixels: 100 }))).reason).toBe('rejected_content');
  });

  it('is still guarded against internal addresses', async () => {
    expect((await failure(guardedFetchImage('http://169.254.169.254/image.png', { resolve: noDns }))).reason).toBe('blocked_address');
  });
});

describe('guardedFetch over https', () => {
  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  let server: https.Server | undefined;
  let port = 0;
  let cert = '';
  let tmp = '';

  beforeAll(async () => {
    if (!hasOpenssl) return;
    tmp = await mkdtemp(join(tmpdir(), 'guarded-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=secure.example.test',
        '-addext',
        'subjectAltName=DNS:secure.example.test',
      ].concat(['-keyout', join(tmp, 'key.pem'), '-out', join(tmp, 'cert.pem')]),
      { stdio: 'ignore' },
    );
    cert = await readFile(join(tmp, 'cert.pem'), 'utf8');
    server = https.createServer({ key: await readFile(join(tmp, 'key.pem')), cert }, (req, res) => {
      res.end(`tls hello ${req.headers.host}`);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    }
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it.skipIf(!hasOpenssl)('pins the checked address and still verifies the certificate against the URL host', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const options = { resolve, allowPrivateFor: [`127.0.0.1:${port}`], ca: cert };
    const response = await guardedFetch(`https://secure.example.test:${port}/`, options);
    expect(response.body.toString()).toBe(`tls hello secure.example.test:${port}`);
    // Same address, other name: the certificate does not match, so the request fails.
    const error = await failure(guardedFetch(`https://other.example.test:${port}/`, options));
    expect(error.reason).toBe('network');
    expect(error.message).toMatch(/altnames|certificate/i);
    // Without our CA the self-signed certificate is refused.
    expect(
      (await failure(guardedFetch(`https://secure.example.test:${port}/`, { resolve, allowPrivateFor: [`127.0.0.1:${port}`] }))).reason,
    ).toBe('network');
  });
});

describe('checkUrl', () => {
  it('checks a URL without fetching it', async () => {
    const resolve: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(checkUrl('https://hooks.example.com/n8n', { resolve })).resolves.toEqual({
      url: 'https://hooks.example.com/n8n',
      address: '93.184.216.34',
    });
    await expect(checkUrl('http://0x7f.1/', { resolve })).rejects.toMatchObject({ reason: 'blocked_address' });
  });

  it('matches escape-hatch entries in any notation of the same ip:port', async () => {
    await expect(checkUrl('http://[::1]:4000/', { allowPrivateFor: ['[::1]:4000'] })).resolves.toMatchObject({ url: 'http://[::1]:4000/' });
    await expect(checkUrl('http://[0:0::1]:4000/', { allowPrivateFor: ['[::1]:4000'] })).resolves.toBeDefined();
    await expect(checkUrl('http://127.1:4000/', { allowPrivateFor: ['127.0.0.1:4000'] })).resolves.toBeDefined();
    await expect(checkUrl('http://[::1]:4001/', { allowPrivateFor: ['[::1]:4000'] })).rejects.toMatchObject({ reason: 'blocked_address' });
    await expect(checkUrl('http://[::ffff:127.0.0.1]:4000/', { allowPrivateFor: ['[::1]:4000'] })).rejects.toMatchObject({
      reason: 'blocked_address',
    });
    await expect(checkUrl('http://127.0.0.2:4000/', { allowPrivateFor: ['127.0.0.1:4000', 'garbage', ':4000'] })).rejects.toMatchObject({
      reason: 'blocked_address',
    });
  });
});
