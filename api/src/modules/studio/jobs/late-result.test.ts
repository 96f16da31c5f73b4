// A task the time limit fails while its result is being stored: failed and refunded once, and the files stored
// for it meanwhile are deleted again (a failed task shows no image; nothing else refers to them). Found by the
// chaos run as thumbnails in the bucket that no task referred to.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { KieApi } from '../../kie-accounts/index.ts';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { eventually, ledgerOf, openRuntime, pngDataUrl, reloadTask, settled, textTask, userWithCredits } from '../testing/kit.ts';
import { expireOverdueTasks } from './work-on-task.ts';

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

describe('a result stored after the time limit failed the task', () => {
  let db: StudioTestDatabase;
  let kie: FakeKieServer;

  beforeAll(async () => {
    db = await openStudioTestDatabase();
    kie = await startFakeKieServer({ accounts: { quick: { taskDurationMs: 200, credits: 1_000_000 } } });
  });
  afterAll(async () => {
    await kie?.close();
    await db?.close();
  });

  it('is failed and refunded once, and leaves no file behind', async () => {
    const em = db.orm.em.fork();
    em.create(KieApi, { name: 'quick', token: 'quick', totalCredits: 1_000_000, lastUsed: null });
    await em.flush();
    const user = await userWithCredits(db.orm, 20);
    const handle = await openRuntime(db.orm, {
      studio: {
        kie: {
          baseUrl: kie.url,
          models: { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' },
        },
        allowPrivateFetchFor: [new URL(kie.url).host],
      },
    });
    const storage = handle.runtime.storage;
    const put = storage.put.bind(storage);
    let sweep: Promise<number> | undefined;
    // The moment the result is written, the task is past its time limit and the real sweep runs.
    storage.put = async (key, ...rest) => {
      await put(key, ...rest);
      if (!key.startsWith('results/')) return;
      await db.orm.em.fork().execute(`update "image_tasks" set "deadline_at" = now() - interval '1 second'`);
      sweep = expireOverdueTasks(handle.runtime.work);
      await sweep;
    };
    await handle.runtime.start();
    try {
      const { task } = await handle.runtime.submit(db.orm.em.fork(), textTask(user.id, 'a lighthouse, late'));
      const done = await settled(db.orm, task.id);
      expect(await sweep).toBe(1);
      expect(done.status).toBe('failed');
      expect(done.resultUrls).toEqual([]);
      const ledger = await ledgerOf(db.orm, user.id);
      expect(ledger.filter((row) => row.business_key === `refund:${task.taskId}`)).toHaveLength(1);
      expect(await findLedgerMismatches(db.orm.em.fork())).toEqual([]);
      // The store went on after the sweep: its original and thumbnail were written, then deleted again.
      // (Polled: the step finishes its store and sees the failure after the sweep committed it.)
      await eventually(
        async () => (await filesUnder(handle.filesDir)).every((name) => !name.includes(task.taskId)),
        20_000,
        'no files left',
      );
      expect(await filesUnder(handle.filesDir)).toEqual([]);
    } finally {
      await handle.close();
      await db.orm.em.fork().nativeDelete(KieApi, {});
    }
  });

  it('left by a worker that died before completing: the time limit deletes the files with the failure', async () => {
    const user = await userWithCredits(db.orm, 20);
    const handle = await openRuntime(db.orm, { workers: false });
    try {
      const { task } = await handle.runtime.submit(db.orm.em.fork(), textTask(user.id, 'a lighthouse, orphaned'));
      // What the dead worker wrote: the result and its thumbnail; the task stayed in flight.
      const png = Buffer.from(await (await fetch(await pngDataUrl())).arrayBuffer());
      await handle.runtime.storage.put(`results/${task.taskId}/0.png`, png, 'image/png');
      await handle.runtime.storage.put(`thumbs/results/${task.taskId}/0.webp`, png, 'image/webp');
      expect(await filesUnder(handle.filesDir)).toHaveLength(2);
      await db.orm.em.fork().execute(`update "image_tasks" set "deadline_at" = now() - interval '1 second' where "id" = ?`, [task.id]);
      expect(await expireOverdueTasks(handle.runtime.work)).toBe(1);
      expect((await reloadTask(db.orm, task.id)).status).toBe('failed');
      expect(await filesUnder(handle.filesDir)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('a backlog past the time limit is failed and refunded in one sweep, not a hundred a minute', async () => {
    // The long chaos run left hundreds of tasks past their limit: a sweep failed 100 a minute, the drain gave up.
    const user = await userWithCredits(db.orm, 1000);
    const handle = await openRuntime(db.orm, { workers: false, studio: { maxTasksInFlight: 1000 } });
    try {
      const ids: string[] = [];
      for (let n = 0; n < 130; n++) ids.push((await handle.runtime.submit(db.orm.em.fork(), textTask(user.id, `backlog ${n}`))).task.id);
      await db.orm.em.fork().execute(`update "image_tasks" set "deadline_at" = now() - interval '1 second' where "user_id" = ?`, [user.id]);
      expect(await expireOverdueTasks(handle.runtime.work)).toBe(130);
      const [row] = await db.orm.em
        .fork()
        .execute<{ left: number }[]>(`select count(*)::int as "left" from "image_tasks" where "user_id" = ? and "status" <> 'failed'`, [
          user.id,
        ]);
      expect(row?.left).toBe(0);
      const ledger = await ledgerOf(db.orm, user.id);
      expect(ledger.filter((entry) => entry.business_key.startsWith('refund:'))).toHaveLength(130);
      expect(await findLedgerMismatches(db.orm.em.fork())).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
