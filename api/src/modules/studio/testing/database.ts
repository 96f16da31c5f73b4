// A throwaway database brought up to date by the committed migrations (PostgreSQL when DATABASE_URL is set,
// else PGlite), for service tests that do not need the HTTP server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMigratedTestDatabase, type TestDatabase } from '../../../../test/database.ts';
import { createOrm, type DatabaseTarget, migrate, type Orm } from '../../../db/orm.ts';
import { entities } from '../../index.ts';

export interface StudioTestDatabase {
  orm: Orm;
  target: DatabaseTarget;
  /** Closes the current ORM and opens a new one on the same database (a process restart). */
  reopen(): Promise<Orm>;
  close(): Promise<void>;
}

async function open(target: DatabaseTarget): Promise<Orm> {
  const orm = await createOrm(target, { entities });
  await migrate(orm);
  return orm;
}

/**
 * Opens a fresh migrated database. `onDisk` keeps PGlite in a temporary folder instead of memory, so
 * `reopen()` finds the same data (PostgreSQL always does).
 */
export async function openStudioTestDatabase(options: { onDisk?: boolean } = {}): Promise<StudioTestDatabase> {
  let database: TestDatabase = await createMigratedTestDatabase();
  if (options.onDisk && database.target.kind === 'pglite-memory') {
    const folder = await mkdtemp(join(tmpdir(), 'studio-pglite-'));
    database = { target: { kind: 'pglite', dataDir: folder }, drop: () => rm(folder, { recursive: true, force: true }) };
  }
  const handle: StudioTestDatabase = {
    orm: await open(database.target),
    target: database.target,
    reopen: async () => {
      await handle.orm.close(true);
      handle.orm = await open(database.target);
      return handle.orm;
    },
    close: async () => {
      await handle.orm.close(true);
      await database.drop();
    },
  };
  return handle;
}
