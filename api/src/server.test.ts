import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/index.ts';

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

  it('is idempotent', async () => {
    const server = await startTestServer();
    await Promise.all([server.close(), server.close()]);
    await server.close();
    expect(await server.orm.isConnected()).toBe(false);
  });
});
