// A throwaway database per test server: a fresh PostgreSQL database on DATABASE_URL's server, else PGlite in memory.
import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { createOrm, type DatabaseTarget, type Orm } from '../src/db/orm.ts';
import { entities } from '../src/modules/index.ts';

export interface TestDatabase {
  target: DatabaseTarget;
  /** Drops the database (no-op for in-memory PGlite). */
  drop(): Promise<void>;
}

async function adminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty database named `api_test_<random>` (or an in-memory PGlite without DATABASE_URL). */
export async function createTestDatabase(databaseUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!databaseUrl) return { target: { kind: 'pglite-memory' }, drop: async () => {} };
  const name = `api_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create database "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    // WITH (FORCE) ends connections a failed test may have left open.
    drop: () => adminQuery(databaseUrl, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * An ORM on a "database" that accepts every connection and never says a word (a hung host, a stuck proxy), opened
 * with the given connect timeout. `close` ends both.
 */
export async function silentDatabaseOrm(connectTimeoutMs: number): Promise<{ orm: Orm; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const orm = await createOrm({ kind: 'postgres', url: `postgres://app@127.0.0.1:${port}/app` }, { entities, connectTimeoutMs });
  return {
    orm,
    close: async () => {
      await orm.close(true);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How long `work` took to settle, and its error (undefined when it succeeded). */
export async function timed(work: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  const error = await work().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return { ms: performance.now() - started, error };
}
