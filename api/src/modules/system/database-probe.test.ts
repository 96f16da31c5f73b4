import { describe, expect, it } from 'vitest';
import { DatabaseProbe, type DatabaseProbeOptions } from './database-probe.ts';

/** A probe whose queries are answered by hand. */
function manualProbe(options: DatabaseProbeOptions = {}) {
  const queries: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const probe = new DatabaseProbe(
    () =>
      new Promise<void>((resolve, reject) => {
        queries.push({ resolve, reject });
      }),
    options,
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

  it('answers from a success sent at most maxAgeMs before the caller came, then asks again', async () => {
    let now = 1000;
    const { probe, queries } = manualProbe({ maxAgeMs: 500, now: () => now });
    const first = probe.check();
    now = 1200;
    queries[0]?.resolve();
    await first;
    // Sent at 1000: good until 1500, and young enough not to be renewed yet.
    now = 1250;
    await probe.check();
    expect(queries).toHaveLength(1);
    // Nobody came until past its age: the next caller waits for a new query.
    now = 1501;
    const stale = probe.check();
    expect(queries).toHaveLength(2);
    let staleDone = false;
    void stale.then(() => {
      staleDone = true;
    });
    await Promise.resolve();
    expect(staleDone).toBe(false);
    queries[1]?.resolve();
    await stale;
  });

  it('sends the next query ahead once a success is half its age, answering callers meanwhile at once', async () => {
    let now = 0;
    const { probe, queries } = manualProbe({ maxAgeMs: 1000, now: () => now });
    const first = probe.check();
    queries[0]?.resolve();
    await first;
    now = 600;
    // Answered from the success sent at 0; one query goes out ahead, however many callers come.
    await probe.check();
    await probe.check();
    expect(queries).toHaveLength(2);
    queries[1]?.resolve();
    await expect.poll(() => probe.fresh()).toBe(true);
    // Sent at 600: good until 1600, with no caller waiting in between.
    now = 1500;
    await probe.check();
    expect(queries).toHaveLength(3);
    // A failed query ahead ends the reuse: the next caller waits for a query of its own.
    queries[2]?.reject(new Error('connection refused'));
    await expect.poll(() => probe.fresh()).toBe(false);
    const next = probe.check();
    expect(queries).toHaveLength(4);
    queries[3]?.resolve();
    await next;
  });

  it('never reuses a failure, and a failure ends the reuse of an older success', async () => {
    let now = 0;
    const { probe, queries } = manualProbe({ maxAgeMs: 1000, now: () => now });
    const ok = probe.check();
    queries[0]?.resolve();
    await ok;
    // Past the success's age a new query goes out, and fails.
    now = 1001;
    const failing = probe.check();
    queries[1]?.reject(new Error('connection refused'));
    await expect(failing).rejects.toThrow('connection refused');
    const next = probe.check();
    expect(queries).toHaveLength(3);
    queries[2]?.reject(new Error('connection refused'));
    await expect(next).rejects.toThrow('connection refused');
  });
});
