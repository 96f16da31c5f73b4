import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { ImageTaskRepository } from '../tasks/image-task.repository.ts';
import type { SubmitTaskInput } from '../tasks/submit.service.ts';
import type { TaskTransition } from '../tasks/task-state.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { balanceOf, ledgerOf, openRuntime, pngDataUrl, type RuntimeHandle, settled, userWithCredits } from '../testing/kit.ts';
import { uploadImages } from '../uploads/upload.service.ts';

describe('pipeline on the sandbox provider', () => {
  let db: StudioTestDatabase;
  let handle: RuntimeHandle;
  const failures: TaskTransition[] = [];

  beforeAll(async () => {
    db = await openStudioTestDatabase();
    handle = await openRuntime(db.orm);
    // What the operator's alert and the callbacks follow: the failed transition, in its transaction.
    handle.runtime.onTransition(async (_tx, transition) => {
      if (transition.event === 'failed') failures.push(transition);
    });
    await handle.runtime.start();
  });
  afterAll(async () => {
    await handle?.close();
    await db?.close();
  });

  const base = (userId: string): SubmitTaskInput => ({
    userId,
    kind: 'text_to_image',
    prompt: 'a lighthouse at dusk',
    inputImageUrls: [],
    aspectRatio: '16:9',
    createdVia: 'web',
    priceList: 'studio',
  });

  async function storedImage(url: string) {
    const key = handle.runtime.storage.keyFromPublicUrl(url);
    expect(key).not.toBeNull();
    const file = await handle.runtime.storage.read(key ?? '');
    expect(file).not.toBeNull();
    return sharp(file?.bytes).metadata();
  }

  it('text to image: completes with a stored result and thumbnail, charged once', async () => {
    const user = await userWithCredits(db.orm, 10);
    const { task } = await handle.runtime.submit(db.orm.em.fork(), base(user.id));
    const done = await settled(db.orm, task.id);
    expect(done.status).toBe('completed');
    expect(done.resultUrls).toHaveLength(1);
    expect(done.resultUrls[0]).toMatch(/^http:\/\/studio\.test\/files\/results\//);
    expect(done.provider).toBe('sandbox');
    expect(done.completedAt).toBeInstanceOf(Date);
    const meta = await storedImage(done.resultUrls[0] ?? '');
    expect([meta.width, meta.height]).toEqual([1024, 576]);
    const thumb = await storedImage(done.thumbnailUrl ?? '');
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBeLessThanOrEqual(384);
    expect((await ledgerOf(db.orm, user.id)).map((row) => row.type)).toEqual(['adjustment', 'usage']);
    expect(await balanceOf(db.orm, user.id)).toBe(8);
  });

  it('edit with two uploaded references', async () => {
    const user = await userWithCredits(db.orm, 10);
    const owner = { em: db.orm.em.fork(), userId: user.id, quotaBytes: 10 * 1024 * 1024 };
    const refs = await uploadImages(
      handle.runtime.storage,
      [await pngDataUrl(80, 60, '#ff0000'), await pngDataUrl(60, 80, '#00ff00')],
      owner,
    );
    const { task, creditsUsed } = await handle.runtime.submit(db.orm.em.fork(), {
      ...base(user.id),
      kind: 'edit_image',
      prompt: 'put them side by side',
      inputImageUrls: refs,
      aspectRatio: '1:1',
    });
    expect(creditsUsed).toBe(3);
    const done = await settled(db.orm, task.id);
    expect(done.status).toBe('completed');
    expect(done.inputImageUrls).toEqual(refs);
    const meta = await storedImage(done.resultUrls[0] ?? '');
    expect([meta.width, meta.height]).toEqual([1024, 1024]);
  });

  it('upscale x4 of a completed task sets the HD address on the source task', async () => {
    const user = await userWithCredits(db.orm, 20);
    const source = await settled(db.orm, (await handle.runtime.submit(db.orm.em.fork(), { ...base(user.id), aspectRatio: '1:1' })).task.id);
    const sourceUrl = source.resultUrls[0] ?? '';
    const link = await new ImageTaskRepository(db.orm.em.fork()).findCompletedSource(user.id, sourceUrl);
    expect(link).toEqual({ id: source.id, aspectRatio: '1:1' });
    const { task } = await handle.runtime.submit(db.orm.em.fork(), {
      ...base(user.id),
      kind: 'upscale',
      prompt: 'Upscale x4',
      inputImageUrls: [sourceUrl],
      aspectRatio: link?.aspectRatio ?? '1:1',
      scaleRatio: 4,
      sourceTaskId: link?.id,
    });
    const done = await settled(db.orm, task.id, 60_000);
    expect(done.status).toBe('completed');
    const meta = await storedImage(done.resultUrls[0] ?? '');
    expect([meta.width, meta.height]).toEqual([4096, 4096]);
    const refreshed = await settled(db.orm, source.id);
    expect(refreshed.hdImageUrl).toBe(done.resultUrls[0]);
    expect(refreshed.revision).toBeGreaterThan(source.revision);
    expect(await balanceOf(db.orm, user.id)).toBe(20 - 2 - 5);
  });

  it('a failed render fails the task, refunds it once and has its failure followed once', async () => {
    const user = await userWithCredits(db.orm, 10);
    const { task } = await handle.runtime.submit(db.orm.em.fork(), { ...base(user.id), prompt: 'please [sandbox:fail]' });
    const done = await settled(db.orm, task.id);
    expect(done).toMatchObject({ status: 'failed', refunded: true });
    expect(done.errorMessage).toMatch(/simulated failure/);
    expect(done.refundedAt).toBeInstanceOf(Date);
    const ledger = await ledgerOf(db.orm, user.id);
    expect(ledger.map((row) => [row.type, row.amount])).toEqual([
      ['adjustment', 10],
      ['usage', -2],
      ['refund', 2],
    ]);
    expect(ledger.at(-1)?.business_key).toBe(`refund:${task.taskId}`);
    expect(await balanceOf(db.orm, user.id)).toBe(10);
    const mine = failures.filter((transition) => transition.id === task.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ event: 'failed', refunded: 2, message: expect.stringMatching(/simulated failure/) });
    expect(await findLedgerMismatches(db.orm.em.fork())).toEqual([]);
  });
});
