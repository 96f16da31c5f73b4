import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, migrate, type Orm } from '../db/orm.ts';
import { entities } from '../modules/index.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../modules/studio/testing/database.ts';
import { eventually } from '../modules/studio/testing/kit.ts';
import { type Jobs, openJobs } from './boss.ts';
import { scheduleSweeps } from './sweeps.ts';

const logger = pino({ level: 'silent' });

describe('sweeps as pg-boss schedules', () => {
  let db: StudioTestDatabase;
  let secondOrm: Orm;
  const instances: Jobs[] = [];

  beforeAll(async () => {
    db = await openStudioTestDatabase();
    // Two app instances on one database: on PostgreSQL each with its own ORM (as two processes); the
    // in-memory PGlite can only be shared, so there the two pg-boss instances share its connection.
    secondOrm = db.target.kind === 'postgres' ? await createOrm(db.target, { entities }) : db.orm;
    if (secondOrm !== db.orm) await migrate(secondOrm);
  });
  afterAll(async () => {
    await Promise.all(instances.map((jobs) => jobs.stop()));
    if (secondOrm !== db.orm) await secondOrm.close(true);
    await db.close();
  });

  it('each occurrence of a schedule runs once, however many instances are up, and never in a web process', async () => {
    const runs: number[] = [];
    // Two workers and a web process (ROLE=web: it declares the schedule but runs no jobs).
    for (const [instance, orm] of [db.orm, secondOrm, db.orm].entries()) {
      const jobs = await openJobs(orm, { logger, runWorkers: instance < 2, cronIntervalSeconds: 1 });
      instances.push(jobs);
      // Every minute, the finest a pg-boss schedule goes; both instances look for due occurrences every second.
      await scheduleSweeps(jobs, logger, [{ name: 'sweep-test', cron: '* * * * *', run: async () => void runs.push(instance) }]);
    }
    const boss = instances[0]?.boss;
    const completed = await eventually(
      async () => {
        const jobs = (await boss?.findJobs('sweep-test')) ?? [];
        return jobs.length > 0 && jobs.every((job) => job.state === 'completed') ? jobs : undefined;
      },
      90_000,
      'an occurrence to run',
    );
    // One job per occurrence, each run by one instance.
    expect(new Set(completed.map((job) => job.singletonKey)).size).toBe(completed.length);
    expect(runs).toHaveLength(completed.length);
    expect(runs).not.toContain(2);
  }, 150_000);
});
