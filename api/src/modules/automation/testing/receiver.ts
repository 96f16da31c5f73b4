// A callback receiver for tests: records every POST and answers 500 to the first `failFirst` of them.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A callback receiver on 127.0.0.1 that answers 500 to the first `failFirst` requests. */
export async function startReceiver() {
  const received: Received[] = [];
  const state = { failFirst: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const fail = state.failFirst > 0;
      if (fail) state.failFirst--;
      res.writeHead(fail ? 500 : 200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, received, state, close: () => server.close() };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
