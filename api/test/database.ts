// A throwaway database per test server: a fresh PostgreSQL database on DATABASE_URL's server, else PGlite in memory.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { createOrm, type DatabaseTarget, MIGRATIONS_DIR, migrate, type Orm } from '../src/db/orm.ts';
import { entities } from '../src/modules/index.ts';

export interface TestDatabase {
  target: DatabaseTarget;
  /** Drops the database (no-op for in-memory PGlite). */
  drop(): Promise<void>;
}

async function withAdminClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function adminQuery(connectionString: string, sql: string): Promise<void> {
  await withAdminClient(connectionString, (client) => client.query(sql));
}

function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a database named `api_test_<random>`, empty or a copy of `template` (or an in-memory PGlite without
 * DATABASE_URL).
 */
export async function createTestDatabase(databaseUrl = process.env.DATABASE_URL, template?: string): Promise<TestDatabase> {
  if (!databaseUrl) return { target: { kind: 'pglite-memory' }, drop: async () => {} };
  const name = `api_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  return {
    target: { kind: 'postgres', url: databaseUrlOf(databaseUrl, name) },
    // WITH (FORCE) ends connections a failed test may have left open.
    drop: () => adminQuery(databaseUrl, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * A fresh database with every committed migration applied. On PostgreSQL it is a copy of a template migrated once per
 * state of the migrations: the suite starts a few hundred servers, and copying a database costs a fraction of
 * applying every migration to an empty one. (The migrations themselves are tested on an empty database.)
 */
export async function createMigratedTestDatabase(databaseUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!databaseUrl) return createTestDatabase(databaseUrl);
  templates[databaseUrl] ??= migratedTemplate(databaseUrl);
  return createTestDatabase(databaseUrl, await templates[databaseUrl]);
}

const templates: Record<string, Promise<string>> = {};

/**
 * The template's name for the committed migrations, made when missing. Test processes (and checkouts) share a
 * server: one at a time checks and builds under an advisory lock, and a template is renamed into place only once
 * migrated, so no one copies a half-built one.
 */
async function migratedTemplate(databaseUrl: string): Promise<string> {
  const name = `api_template_${await migrationsDigest()}`;
  await withAdminClient(databaseUrl, async (client) => {
    // Held until this session ends.
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await client.query(`create database "${building}"`);
    try {
      const orm = await createOrm({ kind: 'postgres', url: databaseUrlOf(databaseUrl, building) }, { entities });
      try {
        await migrate(orm);
      } finally {
        await orm.close(true);
      }
      await client.query(`alter database "${building}" rename to "${name}"`);
    } catch (error) {
      await client.query(`drop database if exists "${building}" with (force)`);
      throw error;
    }
  });
  return name;
}

/** A digest of the committed migrations' files: a new or changed migration means a new template. */
async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(MIGRATIONS_DIR)).sort()) hash.update(file).update(await readFile(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
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
