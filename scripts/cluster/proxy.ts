// A small round-robin HTTP proxy, as deploy/nginx.conf configures nginx: each request goes to the next upstream,
// with X-Forwarded-For set (never appended) to the client's address. It remembers who served what, so the test
// can show where requests went. Like nginx's `proxy_next_upstream error`, a request an upstream never took (the
// connection refused, or a kept-alive connection found closed) goes to the next one; an idempotent request (GET,
// HEAD, or one with an Idempotency-Key) also does when its upstream went away before answering. A client that gives up
// takes its upstream request down with it.
import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Every request passed on: method, path and the upstream origin that served it. */
  served: { method: string; path: string; upstream: string }[];
  close(): Promise<void>;
}

/** Whether a failed attempt may go to another upstream: it never reached the app, or repeating it is harmless. */
function mayRetry(incoming: IncomingMessage, error: NodeJS.ErrnoException, reusedSocket: boolean): boolean {
  if (error.code === 'ECONNREFUSED') return true;
  // A kept-alive connection the upstream closed as we wrote on it: the request was not read.
  if (reusedSocket && error.code === 'ECONNRESET') return true;
  return ['GET', 'HEAD'].includes(incoming.method ?? 'GET') || incoming.headers['idempotency-key'] !== undefined;
}

export async function startProxy(upstreams: () => string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true });
  const served: RoundRobinProxy['served'] = [];
  let next = 0;

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer, triesLeft: number) => {
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
        // The upstream died mid-answer: the client sees its connection cut, as behind nginx.
        answer.on('error', () => outgoing.destroy());
      },
    );
    // The client gave up (a time-out, a closed tab): the upstream connection is closed too, as nginx does by default
    // (`proxy_ignore_client_abort off`), so the app can tell nobody waits for the answer and skip costly work.
    const abandon = () => {
      if (!outgoing.writableFinished) forwarded.destroy();
    };
    outgoing.once('close', abandon);
    forwarded.once('close', () => outgoing.off('close', abandon));
    forwarded.on('error', (error: NodeJS.ErrnoException) => {
      if (outgoing.destroyed) return;
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      // (Not `incoming.destroyed`: a request read to its end is destroyed; whether the client is still there counts.)
      if (triesLeft > 0 && !incoming.socket.destroyed && mayRetry(incoming, error, forwarded.reusedSocket)) {
        forward(incoming, outgoing, body, triesLeft - 1);
        return;
      }
      outgoing.writeHead(502).end();
    });
    forwarded.end(body);
  };

  const server: Server = createServer((incoming, outgoing) => {
    // Read whole, so it can be sent again to another upstream.
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, outgoing, Buffer.concat(chunks), Math.max(2, upstreams().length * 2)));
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
