// A database that accepts connections but never answers (a hung host, a stuck proxy) must fail what waits on it within
// the connect timeout, not hang it: the ORM's queries, the migration lock and the readiness probe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentDatabaseOrm, timed } from '../../../test/database.ts';
import { migrate, type Orm } from '../../db/orm.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { checkReadiness, READINESS_CHECK_TIMEOUT_MS } from './readiness.ts';

const CONNECT_TIMEOUT_MS = 300;

describe('connecting to a database that never answers', () => {
  let silent: Awaited<ReturnType<typeof silentDatabaseOrm>>;
  let orm: Orm;
  beforeAll(async () => {
    silent = await silentDatabaseOrm(CONNECT_TIMEOUT_MS);
    orm = silent.orm;
  });
  afterAll(() => silent?.close());

  it('fails a query after the connect timeout with a timeout error', async () => {
    const { ms, error } = await timed(() => orm.em.fork().execute('select 1'));
    expect(String(error)).toContain('Connection terminated due to connection timeout');
    expect(ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);
  });

  it('fails the migration lock the same way', async () => {
    const { ms, error } = await timed(() => migrate(orm));
    expect(String(error)).toContain('timeout expired');
    expect(ms).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);
  });

  it('leaves readiness failing the database and migrations checks, with the timeout as the reason, inside its bound', async () => {
    const storage = { ping: async () => undefined } as unknown as FileStorage;
    let outcome: Awaited<ReturnType<typeof checkReadiness>> | undefined;
    const { ms } = await timed(async () => {
      outcome = await checkReadiness(orm.em.fork(), orm, storage);
    });
    expect(outcome).toMatchObject({ ready: false, failed: ['database', 'migrations'] });
    expect(outcome?.ready === false && outcome.reasons.join('\n')).toMatch(/^database: Connection terminated due to connection timeout/m);
    expect(ms).toBeLessThan(READINESS_CHECK_TIMEOUT_MS);
  });
});
