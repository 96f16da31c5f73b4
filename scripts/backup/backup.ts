// A backup of the studio: `pg_dump -Fc` of DATABASE_URL, then a copy of every stored file (the files folder or the
// S3 bucket, as the app's environment configures it), into one folder with a manifest of checksums.
//
//   node scripts/backup/backup.ts [--out <folder>]     (default: backups/<UTC time>)
//
// Run it with the app's environment. The database is dumped first: a file is stored before the row that names it
// commits, so every file the dump names is then copied (files stored later are extra, never missing).
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { StorageConfig } from '../../api/src/config.storage.ts';
import { loadConfig } from '../../api/src/config.ts';
import { S3FileStorage } from '../../api/src/storage/s3.ts';
import { bucketKeys, bucketObject, copyFiles, localKeys, readLocal, sha256 } from './files.ts';
import { DUMP, FILES, MANIFEST, type Manifest } from './manifest.ts';
import { databaseName, runSql, runTool } from './postgres.ts';

export interface BackupOptions {
  databaseUrl: string;
  storage: StorageConfig;
  /** The local files folder (used when `storage.backend` is `local`). */
  filesDir: string;
  /** The backup folder to create; must be missing or empty. */
  out: string;
}

export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const out = resolve(options.out);
  await mkdir(out, { recursive: true });
  if ((await readdir(out)).length) throw new Error(`${out} is not empty: a backup goes into a new folder`);
  const startedAt = new Date().toISOString();
  const dumpPath = join(out, DUMP);
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dumpPath}`, `--dbname=${options.databaseUrl}`]);
  const dump = await readFile(dumpPath);
  const migrations = await runSql<{ name: string }>(options.databaseUrl, 'select name from mikro_orm_migrations order by name').catch(
    () => [],
  );
  const { entries, storage } = await copyStoredFiles(options, join(out, FILES));
  const manifest: Manifest = {
    format: 'image-studio-backup/1',
    startedAt,
    finishedAt: new Date().toISOString(),
    database: {
      name: databaseName(options.databaseUrl),
      file: DUMP,
      bytes: (await stat(dumpPath)).size,
      sha256: sha256(dump),
      migrations: migrations.map((row) => row.name),
    },
    storage,
    files: { count: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0), entries },
  };
  await writeFile(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function copyStoredFiles(options: BackupOptions, target: string) {
  if (options.storage.backend === 'local') {
    const folder = resolve(options.filesDir);
    const entries = await copyFiles(await localKeys(folder), readLocal(folder), target);
    return { entries, storage: { backend: 'local', folder } as const };
  }
  const { backend: _, ...s3 } = options.storage;
  const bucket = new S3FileStorage({ ...s3, publicBaseUrl: 'http://backup.invalid' });
  try {
    const entries = await copyFiles(await bucketKeys(bucket), (key) => bucketObject(bucket, key), target);
    return { entries, storage: { backend: 's3', bucket: s3.bucket, prefix: s3.prefix, endpoint: s3.endpoint } as const };
  } finally {
    bucket.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new Error('DATABASE_URL is not set: the backup dumps PostgreSQL (stop the app and copy DATA_DIR for the embedded PGlite)');
  const out =
    values.out ??
    join(
      'backups',
      new Date()
        .toISOString()
        .replaceAll(':', '-')
        .replace(/\.\d+Z$/, 'Z'),
    );
  const manifest = await createBackup({ databaseUrl: config.databaseUrl, storage: config.storage, filesDir: config.studio.filesDir, out });
  console.log(
    `Backup of ${manifest.database.name} in ${resolve(out)}: database ${manifest.database.bytes} bytes, ${manifest.files.count} files (${manifest.files.bytes} bytes)`,
  );
}

if (import.meta.main) await main();
