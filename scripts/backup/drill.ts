// The restore drill: a fresh database with the real app on it, a small data set made through the API, a backup,
// a restore into a new database and files folder, the app started on the copy, and everything compared.
//
//   pnpm backup:drill      (PostgreSQL: DATABASE_URL's server, else 127.0.0.1:5432; its databases are dropped after)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DrillApp, newSecretKey, startDrillApp } from './app.ts';
import { createBackup } from './backup.ts';
import { makeDataSet } from './data-set.ts';
import type { Manifest } from './manifest.ts';
import { quoteIdent, runSql, withDatabase } from './postgres.ts';
import { restoreBackup } from './restore.ts';
import { differences, type Snapshot, snapshotOf } from './snapshot.ts';

export interface DrillOutcome {
  manifest: Manifest;
  original: Snapshot;
  restored: Snapshot;
  /** Parts of the snapshots that differ; empty when the drill passed. */
  differences: string[];
  /** The restored app's /readyz status (migrations applied, storage usable). */
  readyz: number;
  pendingMigrations: string[];
  /** Seconds each stage took. */
  seconds: { dataSet: number; backup: number; restore: number; total: number };
}

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function runDrill(serverUrl = process.env.DATABASE_URL ?? DEFAULT_SERVER): Promise<DrillOutcome> {
  const started = performance.now();
  const lap = (() => {
    let last = started;
    return () => {
      const now = performance.now();
      const seconds = Math.round(now - last) / 1000;
      last = now;
      return seconds;
    };
  })();
  const work = await mkdtemp(join(tmpdir(), 'backup-drill-'));
  const name = `backup_drill_${randomBytes(6).toString('hex')}`;
  const original = withDatabase(serverUrl, name);
  const copy = withDatabase(serverUrl, `${name}_restored`);
  const secretKey = newSecretKey();
  const apps: DrillApp[] = [];
  try {
    await runSql(serverUrl, `create database ${quoteIdent(name)}`);
    const app = await startDrillApp({
      databaseUrl: original,
      filesDir: join(work, 'files'),
      dataDir: join(work, 'data'),
      secretKey,
      seed: true,
    });
    apps.push(app);
    const { cookie } = await makeDataSet(app);
    const dataSet = lap();

    // Backed up while the app runs, as in production.
    const manifest = await createBackup({
      databaseUrl: original,
      storage: { backend: 'local' },
      filesDir: app.config.studio.filesDir,
      out: join(work, 'backup'),
    });
    const before = await snapshotOf(app, cookie);
    await app.running.close();
    const backup = lap();

    const { pendingMigrations } = await restoreBackup({
      backupDir: join(work, 'backup'),
      databaseUrl: copy,
      storage: { backend: 'local' },
      filesDir: join(work, 'restored-files'),
    });
    // The same SECRET_KEY: stored secrets are encrypted with it (it is kept beside the backup, never in it).
    const restoredApp = await startDrillApp({
      databaseUrl: copy,
      filesDir: join(work, 'restored-files'),
      dataDir: join(work, 'restored-data'),
      secretKey,
      seed: false,
    });
    apps.push(restoredApp);
    const readyz = (await restoredApp.call('GET', '/readyz')).status;
    const after = await snapshotOf(restoredApp, cookie);
    const restore = lap();
    return {
      manifest,
      original: before,
      restored: after,
      differences: differences(before, after),
      readyz,
      pendingMigrations,
      seconds: { dataSet, backup, restore, total: Math.round(performance.now() - started) / 1000 },
    };
  } finally {
    for (const app of apps) await app.running.close();
    for (const database of [name, `${name}_restored`])
      await runSql(serverUrl, `drop database if exists ${quoteIdent(database)} with (force)`);
    await rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const outcome = await runDrill();
  const { manifest, original, seconds } = outcome;
  console.log(
    `Backed up ${manifest.database.bytes} bytes of database and ${manifest.files.count} files; ${original.users.length} users, ${original.tasks.length} tasks, ${original.purchases.length} purchases`,
  );
  console.log(
    `Times (s): data set ${seconds.dataSet}, backup ${seconds.backup}, restore and start ${seconds.restore}, total ${seconds.total}`,
  );
  if (outcome.differences.length || outcome.readyz !== 200) {
    console.error(`Restore drill FAILED: differs in ${outcome.differences.join(', ') || 'nothing'}; restored /readyz ${outcome.readyz}`);
    process.exit(1);
  }
  console.log('Restore drill passed: balances, ledger sums, purchases, tasks, uploads and every file (by SHA-256) match.');
}

if (import.meta.main) await main();
