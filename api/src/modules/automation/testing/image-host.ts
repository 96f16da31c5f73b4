// A tiny image host on 127.0.0.1 for tests: serves a PNG, a non-image and an oversized file.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface ImageHost {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>`, for the guard's test-only `allowPrivateFetchFor`. */
  host: string;
  close(): Promise<void>;
}

/** Serves `/cat.png` (a real PNG), `/page.html` (not an image) and `/huge.png` (11 MB). */
export async function startImageHost(): Promise<ImageHost> {
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#cc8833' } })
    .png()
    .toBuffer();
  const server: Server = createServer((req, res) => {
    if (req.url === '/cat.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>');
    else if (req.url === '/huge.png')
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
