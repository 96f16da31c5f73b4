// A small round-robin HTTP proxy, as deploy/nginx.conf configures nginx: each request goes to the next upstream,
// with X-Forwarded-For set (never appended) to the client's address. It remembers who served what, so the test
// can show where requests went.
import { Agent, createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Every request passed on: method, path and the upstream origin that served it. */
  served: { method: string; path: string; upstream: string }[];
  close(): Promise<void>;
}

export async function startProxy(upstreams: () => string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true });
  const served: RoundRobinProxy['served'] = [];
  let next = 0;
  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const targets = upstreams();
    const upstream = targets[next++ % targets.length];
    if (!upstream) {
      outgoing.writeHead(502).end();
      return;
    }
    served.push({ method: incoming.method ?? 'GET', path: incoming.url ?? '/', upstream });
    const target = new URL(incoming.url ?? '/', upstream);
    const forwarded = request(
      target,
      {
        method: incoming.method,
        agent,
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
