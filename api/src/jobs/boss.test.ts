import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioTestDatabase, type StudioTestDatabase } from '../modules/studio/testing/database.ts';
import { eventually } from '../modules/studio/testing/kit.ts';
import { type Jobs, openJobs } from './boss.ts';

const logger = pino({ level: 'silent' });

describe('jobs on pg-boss (PostgreSQL or PGlite, whichever the tests run on)', () => {
  let db: StudioTestDatabase;
  let jobs: Jobs;

  beforeAll(async () => {
    db = await openStudioTestDatabase();
    jobs = await openJobs(db.orm, { logger, runWorkers: true });
    await jobs.define('test-echo', { retryLimit: 0 });
  });
  afterAll(async () => {
    await jobs.stop();
    await db.close();
  });

  it('runs a sent job in a worker', async () => {
    const seen: string[] = [];
    await jobs.work<{ word: string }>('test-echo', { pollingIntervalSeconds: 0.5 }, async (job) => void seen.push(job.data.word));
    await jobs.send('test-echo', { word: 'hello' });
    await eventually(async () => seen.includes('hello'), 30_000, 'the job to run');
  });

  it('a backlog drains without waiting a poll between jobs', async () => {
    await jobs.define('test-backlog', { retryLimit: 0 });
    const count = 30;
    const pollSeconds = 0.5;
    for (let n = 0; n < count; n++) await jobs.send('test-backlog', { n });
    let done = 0;
    const started = performance.now();
    await jobs.work('test-backlog', { pollingIntervalSeconds: pollSeconds, localConcurrency: 2 }, async () => {
      done += 1;
    });
    await eventually(async () => done === count, 30_000, 'the backlog to drain');
    // One job per poll per worker would take (count / 2 - 1) polls: 7 s. Half of that leaves room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(((count / 2 - 1) * pollSeconds * 1000) / 2);
  });

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    await jobs.define('test-outbox', { retryLimit: 0 });
    const rolledBack = db.orm.em.fork().transactional(async (tx) => {
      await jobs.send('test-outbox', { n: 1 }, {}, tx);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    await db.orm.em.fork().transactional(async (tx) => {
      await jobs.send('test-outbox', { n: 2 }, {}, tx);
    });
    const queued = await jobs.boss.findJobs<{ n: number }>('test-outbox');
    expect(queued.map((job) => job.data.n)).toEqual([2]);
  });

  it('a job due now, sent in a transaction, wakes a worker of another process at commit', async (context) => {
    // PGlite has no NOTIFY (its workers poll, and its only process is woken directly).
    if (db.target.kind !== 'postgres') context.skip();
    const sender = await openJobs(db.orm, { logger, runWorkers: false });
    try {
      await jobs.define('test-due-now', { notify: true, retryLimit: 0 });
      let ranAt = 0;
      // A poll far longer than the wait below: only the NOTIFY can bring the job in time.
      await jobs.work('test-due-now', { pollingIntervalSeconds: 60 }, async () => {
        ranAt = Date.now();
      });
      const sentAt = Date.now();
      await db.orm.em.fork().transactional(async (tx) => {
        // The transaction's work before the send (a task's insert and charge): its clock stays at its start.
        await tx.execute('select pg_sleep(0.05)');
        await sender.send('test-due-now', {}, { startAfter: new Date() }, tx);
      });
      await eventually(async () => ranAt > 0, 5000, 'the job to run');
      expect(ranAt - sentAt).toBeLessThan(5000);
    } finally {
      await sender.stop();
    }
  });

  it('idle() waits until a queue has nothing waiting, in retry or in hand', async () => {
    await jobs.define('test-idle', { retryLimit: 1, retryDelay: 1 });
    let calls = 0;
    await jobs.work('test-idle', { pollingIntervalSeconds: 0.5 }, async () => {
      calls += 1;
      if (calls === 1) throw new Error('the first try fails');
    });
    await jobs.send('test-idle', {});
    await jobs.idle(['test-idle']);
    expect(calls).toBe(2);
    const [job] = await jobs.boss.findJobs('test-idle');
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
  });
});
