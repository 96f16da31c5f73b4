import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageTask } from '../image-task.entity.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { eventually, insertTask, userWithCredits } from '../testing/kit.ts';
import { TaskRunner } from './runner.ts';

const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TaskRunner', () => {
  let db: StudioTestDatabase;
  let userId: string;

  beforeAll(async () => {
    db = await openStudioTestDatabase();
    userId = (await userWithCredits(db.orm, 0)).id;
  });
  afterAll(() => db.close());

  async function dueTasks(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const task = await insertTask(db.orm, userId, {
        status: 'pending',
        resultUrls: [],
        completedAt: null,
        nextCheckAt: new Date(Date.now() - 1000),
        deadlineAt: new Date(Date.now() + 600_000),
      });
      ids.push(task.id);
    }
    return ids;
  }

  /** Work that marks the task done, so it is not due again. */
  const finish = (id: string) =>
    db.orm.em
      .fork()
      .nativeUpdate(ImageTask, { id }, { status: 'completed' })
      .then(() => undefined);

  it('several runners share the work without doing any task twice', async () => {
    const ids = await dueTasks(24);
    const seen: string[] = [];
    const make = (owner: string) =>
      new TaskRunner({
        orm: db.orm,
        logger,
        owner,
        concurrency: 3,
        leaseMs: 30_000,
        idleMs: 20,
        work: async (id) => {
          seen.push(id);
          await sleep(15);
          await finish(id);
        },
      });
    const runners = [make('a'), make('b'), make('c')];
    for (const runner of runners) runner.start();
    await eventually(async () => (await db.orm.em.fork().count(ImageTask, { id: { $in: ids }, status: 'completed' })) === ids.length);
    await Promise.all(runners.map((runner) => runner.stop()));
    expect(seen.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    const leases = await db.orm.em.fork().find(ImageTask, { id: { $in: ids }, leaseOwner: { $ne: null } });
    expect(leases).toEqual([]);
  });

  it('never works on more tasks at once than its concurrency', async () => {
    await dueTasks(8);
    let active = 0;
    let peak = 0;
    const runner = new TaskRunner({
      orm: db.orm,
      logger,
      concurrency: 2,
      leaseMs: 30_000,
      idleMs: 20,
      work: async (id) => {
        active += 1;
        peak = Math.max(peak, active);
        await sleep(30);
        active -= 1;
        await finish(id);
      },
    });
    runner.start();
    await eventually(async () => (await db.orm.em.fork().count(ImageTask, { status: 'pending' })) === 0);
    await runner.stop();
    expect(peak).toBe(2);
  });

  it('a kick starts due work without waiting for the idle interval, and stop waits for work in hand', async () => {
    let done = 0;
    const runner = new TaskRunner({
      orm: db.orm,
      logger,
      concurrency: 2,
      leaseMs: 30_000,
      idleMs: 60_000,
      work: async (id) => {
        await sleep(200);
        await finish(id);
        done += 1;
      },
    });
    runner.start();
    await sleep(50);
    const [id] = await dueTasks(1);
    runner.kick();
    await eventually(async () => runner.activeCount === 1, 10_000, 'the kicked task to start');
    await runner.stop();
    expect(done).toBe(1);
    expect(await db.orm.em.fork().findOneOrFail(ImageTask, { id })).toMatchObject({ status: 'completed', leaseOwner: null });
  });

  it('does not claim tasks whose lease is held, nor tasks not yet due', async () => {
    const [held] = await dueTasks(1);
    const later = await insertTask(db.orm, userId, {
      status: 'generating',
      resultUrls: [],
      completedAt: null,
      nextCheckAt: new Date(Date.now() + 60_000),
      deadlineAt: new Date(Date.now() + 600_000),
    });
    await db.orm.em.fork().nativeUpdate(ImageTask, { id: held }, { leaseOwner: 'someone-else', leaseUntil: new Date(Date.now() + 60_000) });
    const worked: string[] = [];
    const runner = new TaskRunner({
      orm: db.orm,
      logger,
      concurrency: 4,
      leaseMs: 30_000,
      idleMs: 20,
      work: async (id) => void worked.push(id),
    });
    expect(await runner.runOnce()).toBe(0);
    expect(worked).toEqual([]);
    await db.orm.em.fork().nativeUpdate(ImageTask, { id: held }, { leaseUntil: new Date(Date.now() - 1) });
    expect(await runner.runOnce()).toBe(1);
    expect(worked).toEqual([held]);
    expect(worked).not.toContain(later.id);
  });
});
