import { describe, expect, it } from 'vitest';
import { DatabaseProbe } from './database-probe.ts';

/** A probe whose queries are answered by hand. */
function manualProbe() {
  const queries: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const probe = new DatabaseProbe(
    () =>
      new Promise<void>((resolve, reject) => {
        queries.push({ resolve, reject });
      }),
  );
  return { probe, queries };
}

describe('DatabaseProbe', () => {
  it('never answers a caller with a query sent before it arrived; callers arriving meanwhile share the next', async () => {
    const { probe, queries } = manualProbe();
    const early = probe.check();
    const late = probe.check();
    const lateToo = probe.check();
    let lateDone = false;
    void late.then(() => {
      lateDone = true;
    });
    queries[0]?.resolve();
    await early;
    // The late callers came while the first query was out: they wait for a second one, sent now, shared.
    await expect.poll(() => queries.length).toBe(2);
    expect(lateDone).toBe(false);
    queries[1]?.resolve();
    await Promise.all([late, lateToo]);
    expect(queries).toHaveLength(2);
  });

  it('fails the callers of a failed query, and the next caller sends a new one', async () => {
    const { probe, queries } = manualProbe();
    const failing = probe.check();
    queries[0]?.reject(new Error('connection refused'));
    await expect(failing).rejects.toThrow('connection refused');
    const next = probe.check();
    expect(queries).toHaveLength(2);
    queries[1]?.resolve();
    await next;
  });
});
