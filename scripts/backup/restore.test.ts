// Backup and restore around a bucket, and the restore's refusals: never over the original database, bucket or a
// non-empty folder, never from a backup whose bytes do not match its manifest.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestS3, type TestS3 } from '@app/api/testing/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from './backup.ts';
import { pathOf, sha256 } from './files.ts';
import { FILES } from './manifest.ts';
import { quoteIdent, runSql, withDatabase } from './postgres.ts';
import { restoreBackup } from './restore.ts';

const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `backup_test_${randomBytes(6).toString('hex')}`;
const source = withDatabase(SERVER, name);
const FIRST_MIGRATION = 'Migration20261121230220_initial';
const stored = { 'uploads/abc.png': randomBytes(300), 'results/tsk_1/0.png': randomBytes(500) };

let s3: TestS3;
let work: string;
const restoredDatabases: string[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'backup-test-'));
  s3 = await startTestS3();
  await runSql(SERVER, `create database ${quoteIdent(name)}`);
  // A database one migration old: the restore names the ones the app will apply.
  await runSql(
    source,
    'create table mikro_orm_migrations (id serial primary key, name varchar(255), executed_at timestamptz default now())',
  );
  await runSql(source, 'insert into mikro_orm_migrations (name) values ($1)', [FIRST_MIGRATION]);
  await runSql(source, 'create table balances (username text primary key, credits int)');
  await runSql(source, `insert into balances values ('ann', 42)`);
  const bucket = s3.storage({ prefix: 'studio/' });
  const { S3FileStorage } = await import('../../api/src/storage/s3.ts');
  const storage = new S3FileStorage({ ...bucket, publicBaseUrl: 'http://test.invalid' });
  for (const [key, bytes] of Object.entries(stored)) await storage.put(key, bytes, 'image/png');
  storage.close();
});

afterAll(async () => {
  for (const database of [name, ...restoredDatabases]) await runSql(SERVER, `drop database if exists ${quoteIdent(database)} with (force)`);
  await s3?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const newDatabase = () => {
  const database = `${name}_r${restoredDatabases.length}`;
  restoredDatabases.push(database);
  return withDatabase(SERVER, database);
};

describe('a backup of a bucket', () => {
  const out = () => join(work, 'backup');

  it('copies the database and every object under the prefix, with checksums', async () => {
    const manifest = await createBackup({ databaseUrl: source, storage: s3.storage({ prefix: 'studio/' }), filesDir: '', out: out() });
    expect(manifest.database).toMatchObject({ name, migrations: [FIRST_MIGRATION] });
    expect(manifest.storage).toMatchObject({ backend: 's3', bucket: s3.bucket, prefix: 'studio/' });
    expect(manifest.files.entries).toEqual(
      Object.entries(stored)
        .map(([key, bytes]) => ({ key, bytes: bytes.byteLength, sha256: sha256(bytes) }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    await expect(createBackup({ databaseUrl: source, storage: { backend: 'local' }, filesDir: work, out: out() })).rejects.toThrow(
      /not empty/,
    );
  });

  it('restores into a new database and an empty bucket, naming the migrations the app will apply', async () => {
    const target = await s3.createBucket();
    const copy = newDatabase();
    const { pendingMigrations } = await restoreBackup({
      backupDir: out(),
      databaseUrl: copy,
      storage: s3.storage({ bucket: target }),
      filesDir: '',
    });
    expect(await runSql(copy, 'select username, credits from balances')).toEqual([{ username: 'ann', credits: 42 }]);
    expect(pendingMigrations.length).toBeGreaterThan(0);
    expect(pendingMigrations).not.toContain(FIRST_MIGRATION);
    expect(await s3.objectNames(target)).toEqual(Object.keys(stored).sort());
    expect((await s3.object('uploads/abc.png', target))?.bytes).toEqual(stored['uploads/abc.png']);
  });

  it('never restores over the original bucket, an existing database or a non-empty folder', async () => {
    const original = s3.storage({ prefix: 'studio/' });
    await expect(restoreBackup({ backupDir: out(), databaseUrl: newDatabase(), storage: original, filesDir: '' })).rejects.toThrow(
      /backed-up one/,
    );
    const folder = join(work, 'files');
    await expect(restoreBackup({ backupDir: out(), databaseUrl: source, storage: { backend: 'local' }, filesDir: folder })).rejects.toThrow(
      /already exists/,
    );
    await expect(runSql(source, 'select credits from balances')).resolves.toEqual([{ credits: 42 }]);
    await writeFile(join(folder, 'keep.txt'), 'mine');
    await expect(
      restoreBackup({ backupDir: out(), databaseUrl: newDatabase(), storage: { backend: 'local' }, filesDir: folder }),
    ).rejects.toThrow(/not empty/);
  });

  it('refuses a backup whose bytes do not match the manifest, before creating anything', async () => {
    const file = pathOf(join(out(), FILES), 'uploads/abc.png');
    const bytes = await readFile(file);
    await writeFile(file, Buffer.concat([bytes, Buffer.from([0])]));
    const copy = newDatabase();
    await expect(
      restoreBackup({ backupDir: out(), databaseUrl: copy, storage: { backend: 'local' }, filesDir: join(work, 'other') }),
    ).rejects.toThrow(/uploads\/abc.png does not match its checksum/);
    const exists = await runSql(SERVER, 'select 1 from pg_database where datname = $1', [copy.split('/').pop()]);
    expect(exists).toEqual([]);
  });
});
