// A tiny static server with CORS, standing in for a remote deployed on its own origin.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.html': 'text/html' };

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1 at a random port, allowing any origin to load it. With `precompressed`, a
 * client taking brotli gets the build's `.br` copy where there is one (as nginx `brotli_static` does).
 */
export async function serveStatic(dir: string, options: { precompressed?: boolean } = {}): Promise<StaticServer> {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    res.setHeader('Access-Control-Allow-Origin', '*');
    const file = join(dir, path);
    try {
      if (!file.startsWith(dir)) throw new Error('outside the served folder');
      const headers: Record<string, string> = { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' };
      const brotli = options.precompressed && /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
      const body = brotli ? await readFile(`${file}.br`).catch(() => undefined) : undefined;
      if (body) {
        headers['Content-Encoding'] = 'br';
        headers.Vary = 'Accept-Encoding';
      }
      res.writeHead(200, headers);
      res.end(body ?? (await readFile(file)));
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A URL on a port that was just free and is now closed: anything loaded from it fails. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
