import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { openRuntime, type RuntimeHandle, settled, userWithCredits } from '../testing/kit.ts';

const PROVIDER_MS = 600;
/** Without history the first look comes this long after submission: far past the provider's time. */
const FIRST_LOOK_MS = 1500;

describe("the provider's time the status schedule learns", () => {
  let db: StudioTestDatabase;
  let handle: RuntimeHandle;

  beforeAll(async () => {
    db = await openStudioTestDatabase();
    handle = await openRuntime(db.orm, {
      studio: { sandboxDelayMs: PROVIDER_MS, sandboxCallbacks: false, pollMinMs: FIRST_LOOK_MS, pollMaxMs: 3000 },
    });
    await handle.runtime.start();
  });
  afterAll(async () => {
    await handle?.close();
    await db?.close();
  });

  it('is the time the provider says it ran, not when a look happened to see the image', async () => {
    const user = await userWithCredits(db.orm, 10);
    const { task } = await handle.runtime.submit(db.orm.em.fork(), {
      userId: user.id,
      kind: 'text_to_image',
      prompt: 'a lantern',
      inputImageUrls: [],
      aspectRatio: '1:1',
      createdVia: 'web',
      priceList: 'studio',
    });
    const done = await settled(db.orm, task.id, 20_000);
    expect(done.status).toBe('completed');
    // The look that saw it done came after FIRST_LOOK_MS; learned from it, the next tasks would be looked at that late.
    expect(done.providerMs).toBeGreaterThanOrEqual(PROVIDER_MS);
    expect(done.providerMs).toBeLessThan(FIRST_LOOK_MS);
  });
});
