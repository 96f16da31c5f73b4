import { createServer } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer } from '../test/index.ts';

/** Resolves true when a TCP connection to the URL's port is refused. */
function connectionRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A promise with its resolve function, to hold a handler open. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('graceful shutdown', () => {
  it('stops accepting, lets the in-flight request finish, then closes the ORM', async () => {
    const entered = deferred();
    const release = deferred();
    const server = await startTestServer({
      handlers: {
        getHealth: async () => {
          entered.resolve();
          await release.promise;
          return { status: 200, body: { status: 'ok', uptimeSeconds: 1 } };
        },
      },
    });
    const inFlight = fetch(`${server.url}/healthz`);
    await entered.promise;

    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await connectionRefused(server.url)).toBe(true);
    expect(closed).toBe(false);

    release.resolve();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', uptimeSeconds: 1 });
    await closing;
    expect(closed).toBe(true);
    expect(await server.orm.isConnected()).toBe(false);
  });

  it('cuts requests that outlive the timeout instead of hanging forever', async () => {
    const entered = deferred();
    const server = await startTestServer({
      config: { shutdownTimeoutMs: 200 },
      handlers: {
        getHealth: async () => {
          entered.resolve();
          await new Promise(() => {});
          return { status: 200, body: { status: 'ok', uptimeSeconds: 1 } };
        },
      },
    });
    const hanging = fetch(`${server.url}/healthz`).then(
      () => 'answered',
      () => 'cut',
    );
    await entered.promise;
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await hanging).toBe('cut');
  });

  it('answers /readyz 503 while stopping, and ends live streams only once it takes no new connections', async () => {
    const entered = deferred();
    const release = deferred();
    const server = await startTestServer({
      handlers: {
        getHealth: async () => {
          entered.resolve();
          await release.promise;
          return { status: 200, body: { status: 'ok', uptimeSeconds: 1 } };
        },
      },
    });
    const cookie = await signIn(server, await createUser(server));
    const stream = await fetch(`${server.url}/api/events`, { headers: { cookie, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    // The in-flight request keeps the process draining while we look.
    const inFlight = fetch(`${server.url}/healthz`);
    await entered.promise;
    // A probe reaching the app over a connection it already had (another listener stands in for it).
    const probe = createServer(server.app.callback());
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const probeUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
    try {
      expect((await fetch(`${probeUrl}/readyz`)).status).toBe(200);
      const closing = server.close();
      // The stream ends (the browser reconnects): by then a reconnect can only land on another process.
      for (let read = await reader.read(); !read.done; read = await reader.read());
      expect(await connectionRefused(server.url)).toBe(true);
      const readiness = await fetch(`${probeUrl}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toMatchObject({ code: 'unavailable', detail: 'Not ready: shutdown.' });
      release.resolve();
      expect((await inFlight).status).toBe(200);
      await closing;
    } finally {
      release.resolve();
      probe.close();
    }
  });

  it('is idempotent', async () => {
    const server = await startTestServer();
    await Promise.all([server.close(), server.close()]);
    await server.close();
    expect(await server.orm.isConnected()).toBe(false);
  });
});
