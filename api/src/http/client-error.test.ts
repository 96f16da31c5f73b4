// Node's own refusals (a 1 MB query string, a broken request line) come back as problem+json like every answer.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/index.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server?.close());

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawRequest(text: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('answers given before the app runs', () => {
  it('a 1 MB query string gets a 431 problem', async () => {
    const res = await fetch(`${server.url}/api/pricing/current?q=${'a'.repeat(1024 * 1024)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 431, code: 'headers_too_large' });
  });

  it('a request that is not HTTP gets a 400 problem', async () => {
    const answer = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('keeps serving afterwards', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
