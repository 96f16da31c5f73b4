// A request read as it came over the wire: fetch decompresses bodies, so tests of Content-Encoding need the raw bytes.

import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (still compressed when Content-Encoding says so). */
  bytes: Buffer;
}

export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body after undoing its Content-Encoding (br, gzip or none); throws on any other encoding. */
export function decodedBody(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (!encoding) return response.bytes;
  if (encoding === 'br') return brotliDecompressSync(response.bytes);
  if (encoding === 'gzip') return gunzipSync(response.bytes);
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}
