// /readyz: whether this process can take traffic and work. Unlike /healthz (alive), it also checks that every
// migration of this build is applied (a rolling deploy must not send traffic to code ahead of its schema) and
// that the file storage can be used.
import type { Readiness } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Orm } from '../../db/orm.ts';
import type { FileStorage } from '../../storage/storage.ts';

/** `failed`: the names of the checks that failed (safe to publish); `reasons`: why, for the log only. */
export type ReadinessOutcome = { ready: true; body: Readiness } | { ready: false; failed: string[]; reasons: string[] };

// Once applied, migrations stay applied for the life of the process: check until they are, then no more.
const migrated = new WeakSet<Orm>();

/**
 * A check that has not answered within this long fails: a database or store that does not answer is not ready, and
 * the probe must answer before the orchestrator's own timeout (often a few seconds) instead of hanging with it.
 */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

async function failureOf(check: () => Promise<unknown>, name: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)), READINESS_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return null;
  } catch (error) {
    return `${name}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(em: SqlEntityManager, orm: Orm, storage: FileStorage): Promise<ReadinessOutcome> {
  const failures = (
    await Promise.all([
      failureOf(() => em.execute('select 1'), 'database'),
      failureOf(async () => {
        if (migrated.has(orm)) return;
        const pending = await orm.migrator.getPending();
        if (pending.length) throw new Error(`${pending.length} not applied (${pending.map((m) => m.name).join(', ')})`);
        migrated.add(orm);
      }, 'migrations'),
      failureOf(() => storage.ping(), 'storage'),
    ])
  ).filter((failure): failure is string => failure !== null);
  if (failures.length) return { ready: false, failed: failures.map((failure) => failure.split(':')[0] ?? failure), reasons: failures };
  return { ready: true, body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } } };
}
