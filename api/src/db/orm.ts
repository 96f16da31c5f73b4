// Creates the ORM for the configured database: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntitySchema, MikroORM, Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { AbstractSqlDriver, SqlEntityManager } from '@mikro-orm/sql';
import { type Config, DEFAULT_DATABASE_CONNECT_TIMEOUT_MS } from '../config.ts';
import { noteStatement } from './request-writes.ts';

/** The ORM as the rest of the code sees it: driver-agnostic SQL. */
export type Orm = MikroORM<AbstractSqlDriver, SqlEntityManager>;

/** Committed migrations (TS files run directly by Node) and the schema snapshot they were diffed from. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Which database to open. `pglite-memory` is for tests: nothing touches the disk. */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' };

/** The target the config asks for: DATABASE_URL, else a PGlite cluster in `DATA_DIR/pglite`. */
export function databaseTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

/** What the ORM is opened with: the entities come from the composition root (every module's, see modules/index.ts). */
export interface OrmOptions {
  entities: readonly EntitySchema[];
  debug?: boolean;
  /** PostgreSQL only: how long opening a connection, or waiting for a free one, may take (config's default). */
  connectTimeoutMs?: number;
}

/** Options shared by every driver; the same entities and migrations serve all of them. */
function baseOptions(entities: readonly EntitySchema[]): Partial<Options> {
  return {
    entities: [...entities],
    extensions: [Migrator],
    // The live stream's table and triggers (schema `live`, migration ..._live_events) and the SQL functions of generated
    // columns (`image_task_words`, migration ..._task_words_by_owner) are SQL the entities do not describe.
    schemaGenerator: { ignoreSchema: ['live'], ignoreTriggers: true, ignoreRoutines: true },
    // The global EM must never be used for requests; RequestContext forks one per request.
    allowGlobalContext: false,
    // Marks requests that wrote, which alone wait for their notifications (request-writes.ts).
    onQuery: noteStatement,
    migrations: {
      path: MIGRATIONS_DIR,
      pathTs: MIGRATIONS_DIR,
      glob: '!(*.d).{js,ts}',
      emit: 'ts',
      // One snapshot for every database name (tests use random ones) and never rewritten at run time.
      snapshotName: '.snapshot',
      snapshotOnMigrate: false,
      silent: true,
    },
  };
}

/**
 * Opens the ORM for a target. PGlite with a data folder runs in named-database mode
 * (a real cluster on disk holding database `app`).
 */
export async function createOrm(target: DatabaseTarget, options: OrmOptions): Promise<Orm> {
  const shared = { ...baseOptions(options.entities), debug: options.debug ?? false };
  if (target.kind === 'postgres') {
    const { MikroORM } = await import('@mikro-orm/postgresql');
    // Without it pg waits forever on a server that accepts the connection but never answers (a hung host, a full
    // proxy); the pool's waiters for a free connection get the same bound.
    const driverOptions = { connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_MS };
    return (await MikroORM.init({ ...shared, clientUrl: target.url, driverOptions } as never)) as unknown as Orm;
  }
  const { MikroORM } = await import('@mikro-orm/pglite');
  const dataDir = target.kind === 'pglite' ? target.dataDir : 'memory://';
  // PGlite creates the cluster folder but not its parents.
  if (target.kind === 'pglite') mkdirSync(dataDir, { recursive: true });
  return (await MikroORM.init({ ...shared, dbName: 'app', driverOptions: { dataDir } } as never)) as unknown as Orm;
}

/**
 * Applies every pending committed migration; returns their names. On PostgreSQL, processes starting together
 * (a cluster) take turns under an advisory lock: the first migrates, the others then find nothing pending.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  const up = async () => (await orm.migrator.up()).map((m) => m.name);
  const { PgliteConnection } = await import('@mikro-orm/pglite');
  if ((orm.em.getConnection() as unknown) instanceof PgliteConnection) return up();
  const { default: pg } = await import('pg');
  // Its own session: the lock is held while the migrator works on the pool's connections.
  const lock = new pg.Client({ connectionString: orm.config.get('clientUrl'), connectionTimeoutMillis: connectTimeoutOf(orm) });
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('app migrations'))`);
    return await up();
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}

/** The connect timeout the ORM's PostgreSQL pool was opened with, for the other connections to the same database. */
export function connectTimeoutOf(orm: Orm): number {
  const driverOptions = orm.config.get('driverOptions') as { connectionTimeoutMillis?: number } | undefined;
  return driverOptions?.connectionTimeoutMillis ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_MS;
}
