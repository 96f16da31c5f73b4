// The database away (a restart, a failover): requests that need it answer 503 with Retry-After, not a masked 500, and
// the same requests succeed once it is back, with no restart of the app. PostgreSQL is reached through a TCP relay
// this test can cut (refusing new connections and ending open ones), as a restarting server does.
import { createServer, type Server, Socket } from 'node:net';
import type { Problem } from '@app/contract';
import { ConnectionException, DriverException } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../test/index.ts';
import { isDatabaseAway, toHttpProblem } from './problem-handler.ts';

const upstream = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

/** A relay to PostgreSQL on a port of its own; `cut()` ends every connection and refuses new ones until `resume()`. */
async function startRelay(): Promise<{ port: number; cut(): Promise<void>; resume(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      const relay = createServer((client) => {
        const db = new Socket();
        sockets.add(client).add(db);
        const drop = () => {
          client.destroy();
          db.destroy();
          sockets.delete(client);
          sockets.delete(db);
        };
        client.on('error', drop).on('close', drop);
        db.on('error', drop).on('close', drop);
        db.connect(Number(upstream.port || 5432), upstream.hostname, () => {
          client.pipe(db).pipe(client);
        });
      });
      server = relay;
      relay.listen(port, '127.0.0.1', () => {
        port = (relay.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return { port, cut: stop, resume: listen, close: stop };
}

describe('the database away', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    relay = await startRelay();
    const saved = process.env.DATABASE_URL;
    const through = new URL(upstream);
    through.port = String(relay.port);
    process.env.DATABASE_URL = through.toString();
    try {
      server = await startTestServer();
    } finally {
      process.env.DATABASE_URL = saved;
    }
    cookie = await signIn(server, await createUser(server, { credits: 5 }));
  });

  afterAll(async () => {
    await relay?.resume();
    await server?.close();
    await relay?.close();
  });

  it('answers 503 unavailable with Retry-After while it is away, and serves the same request once it is back', async () => {
    expect((await server.request('GET', '/api/image-tasks', { cookie })).status).toBe(200);
    await relay.cut();
    const away = await server.request<Problem>('GET', '/api/image-tasks', { cookie });
    expect(away.status).toBe(503);
    expect(away.body).toMatchObject({ code: 'unavailable', retryable: true });
    expect(away.headers.get('retry-after')).toBe('5');
    await relay.resume();
    await expect.poll(async () => (await server.request('GET', '/api/image-tasks', { cookie })).status, { timeout: 15_000 }).toBe(200);
  });

  it('tells a database that is away from a query that is wrong', () => {
    const driver = (code: string, message = 'failed') => new DriverException(Object.assign(new Error(message), { code }));
    expect(isDatabaseAway(new ConnectionException(new Error('connect')))).toBe(true);
    expect(isDatabaseAway(driver('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isDatabaseAway(driver('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseAway(driver('08006'))).toBe(true);
    expect(isDatabaseAway(driver('', 'Connection terminated unexpectedly'))).toBe(true);
    // A wrong query, a plain error: not the database away, still a masked 500.
    expect(isDatabaseAway(driver('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseAway(new Error('connect ECONNREFUSED'))).toBe(false);
    expect(toHttpProblem(driver('42P01')).status).toBe(500);
    expect(toHttpProblem(driver('ECONNREFUSED')).status).toBe(503);
  });
});
