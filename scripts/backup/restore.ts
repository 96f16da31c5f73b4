// Restores a backup into a NEW database and a new files folder (or an empty bucket), never over the original:
// the database is created by the restore (it fails if the name exists) and the files target must be empty.
// Every checksum of the manifest is verified before the restore and again on the restored files.
//
//   node scripts/backup/restore.ts <backup folder> --database <new name | postgres URL> [--files-dir <new folder>]
//
// A bare name is created on DATABASE_URL's server. Without --files-dir the files go to the S3 bucket the
// environment configures (S3_*), which must be empty and not the backed-up one.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { StorageConfig } from '../../api/src/config.storage.ts';
import { loadConfig } from '../../api/src/config.ts';
import { MIGRATIONS_DIR } from '../../api/src/db/orm.ts';
import { createFileStorage } from '../../api/src/storage/create.ts';
import { S3FileStorage } from '../../api/src/storage/s3.ts';
import { assertStorageKey } from '../../api/src/storage/storage.ts';
import { bucketKeys, pathOf, sha256 } from './files.ts';
import { FILES, type Manifest, readManifest } from './manifest.ts';
import { databaseName, quoteIdent, runSql, runTool, withDatabase } from './postgres.ts';

export interface RestoreOptions {
  backupDir: string;
  /** The database to create and restore into, e.g. postgres://host/studio_restored. */
  databaseUrl: string;
  storage: StorageConfig;
  /** The new local files folder (when `storage.backend` is `local`); must be missing or empty. */
  filesDir: string;
}

export interface RestoreOutcome {
  manifest: Manifest;
  /** Migrations of this build the backup lacks: the app applies them when it starts on the copy. */
  pendingMigrations: string[];
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreOutcome> {
  const backupDir = resolve(options.backupDir);
  const manifest = await readManifest(backupDir);
  await verifyBackup(backupDir, manifest);
  const build = await buildMigrations();
  const unknown = manifest.database.migrations.filter((name) => !build.includes(name));
  if (unknown.length)
    throw new Error(`The backup is newer than this build (migrations ${unknown.join(', ')}): restore it with its own build`);
  const storage = await emptyTarget(options, manifest);

  const name = databaseName(options.databaseUrl);
  const server = withDatabase(options.databaseUrl, 'postgres');
  // Fails when the database exists: a restore never writes into a database that has data.
  await runSql(server, `create database ${quoteIdent(name)}`).catch((error: unknown) => {
    storage.close?.();
    throw error;
  });
  try {
    await runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${options.databaseUrl}`,
      join(backupDir, manifest.database.file),
    ]);
    for (const entry of manifest.files.entries) {
      await storage.put(entry.key, await readFile(pathOf(join(backupDir, FILES), entry.key)), assertStorageKey(entry.key));
      const stored = await storage.read(entry.key);
      if (!stored || sha256(stored.bytes) !== entry.sha256) throw new Error(`${entry.key} did not restore intact`);
    }
  } catch (error) {
    // A half-restored copy must not be mistaken for a good one.
    await runSql(server, `drop database if exists ${quoteIdent(name)} with (force)`);
    throw error;
  } finally {
    storage.close?.();
  }
  const applied = await runSql<{ name: string }>(options.databaseUrl, 'select name from mikro_orm_migrations');
  const done = new Set(applied.map((row) => row.name));
  return { manifest, pendingMigrations: build.filter((migration) => !done.has(migration)) };
}

/** Every byte of the backup against the manifest, before anything is created. */
async function verifyBackup(backupDir: string, manifest: Manifest): Promise<void> {
  if (sha256(await readFile(join(backupDir, manifest.database.file))) !== manifest.database.sha256)
    throw new Error(`${manifest.database.file} does not match its checksum`);
  for (const entry of manifest.files.entries) {
    const bytes = await readFile(pathOf(join(backupDir, FILES), entry.key));
    if (sha256(bytes) !== entry.sha256) throw new Error(`${entry.key} does not match its checksum`);
  }
}

async function buildMigrations(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR))
    .filter((file) => /^Migration\w+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
}

/** The files target, refused unless it is empty and not the backed-up storage. */
async function emptyTarget(options: RestoreOptions, manifest: Manifest) {
  const storage = createFileStorage({ storage: options.storage, filesDir: options.filesDir, publicBaseUrl: 'http://restore.invalid' });
  if (storage instanceof S3FileStorage) {
    const source = manifest.storage;
    if (source.backend === 's3' && source.bucket === storage.bucket && source.prefix === storage.prefix)
      throw new Error(`The bucket ${storage.bucket} is the backed-up one: restore into a new bucket or prefix`);
    if ((await bucketKeys(storage)).length) throw new Error(`The bucket ${storage.bucket} already holds files: restore into an empty one`);
    return storage;
  }
  const folder = resolve(options.filesDir);
  await mkdir(folder, { recursive: true });
  if ((await readdir(folder)).length) throw new Error(`${folder} is not empty: restore into a new files folder`);
  return storage;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { database: { type: 'string' }, 'files-dir': { type: 'string' } },
  });
  const [backupDir] = positionals;
  if (!backupDir || !values.database)
    throw new Error('usage: restore.ts <backup folder> --database <new name | postgres URL> [--files-dir <new folder>]');
  const config = loadConfig();
  const databaseUrl = /^postgres(ql)?:\/\//.test(values.database)
    ? values.database
    : withDatabase(config.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres', values.database);
  const filesDir = values['files-dir'];
  if (!filesDir && config.storage.backend !== 's3')
    throw new Error('--files-dir is required unless the environment configures an S3 bucket to restore into');
  const storage: StorageConfig = filesDir ? { backend: 'local' } : config.storage;
  const { manifest, pendingMigrations } = await restoreBackup({ backupDir, databaseUrl, storage, filesDir: filesDir ?? '' });
  console.log(
    `Restored ${manifest.database.name} (backup of ${manifest.finishedAt}) into ${databaseName(databaseUrl)} with ${manifest.files.count} files`,
  );
  if (pendingMigrations.length)
    console.log(`The app applies ${pendingMigrations.length} newer migrations when it starts on it: ${pendingMigrations.join(', ')}`);
  console.log(
    `Start the app on it: DATABASE_URL=${databaseUrl}${filesDir ? ` FILES_DIR=${resolve(filesDir)}` : ''} node api/src/server.ts`,
  );
}

if (import.meta.main) await main();
