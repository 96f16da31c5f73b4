import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMS,
  boundedLimit,
  createPasswordHasher,
  formatPhc,
  HashingBusyError,
  NO_PASSWORD,
  parsePhc,
  passwords,
} from './password.ts';

/** A job that finishes only when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, job: async () => opened };
}

/** Lets p-limit start what it queued (it starts jobs on a later microtask). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('password hashing', () => {
  it('stores argon2id at or above the OWASP minimums, with a 16-byte salt, as a PHC string', async () => {
    const stored = await passwords.hash('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const parsed = parsePhc(stored);
    expect(parsed?.params.memory).toBeGreaterThanOrEqual(19_456);
    expect(parsed?.params.passes).toBeGreaterThanOrEqual(2);
    expect(parsed?.params.parallelism).toBe(1);
    expect(parsed?.salt).toHaveLength(16);
  });

  it('salts every hash differently', async () => {
    const [a, b] = await Promise.all([passwords.hash('same'), passwords.hash('same')]);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await passwords.hash('s3cret!');
    expect(await passwords.verify(stored, 's3cret!')).toBe(true);
    expect(await passwords.verify(stored, 's3cret')).toBe(false);
    expect(await passwords.verify(stored, 'S3cret!')).toBe(false);
  });

  it('treats composed and decomposed accents as the same password (NFKC)', async () => {
    const stored = await passwords.hash('caf\u00e9 au lait');
    expect(await passwords.verify(stored, 'cafe\u0301 au lait')).toBe(true);
  });

  it('refuses every password for a missing or non-PHC hash (Google-only accounts), after spending a hash', async () => {
    const weak = createPasswordHasher();
    expect(await weak.verify(undefined, 'x')).toBe(false);
    expect(await weak.verify(NO_PASSWORD, 'x')).toBe(false);
    expect(await weak.verify(NO_PASSWORD, '')).toBe(false);
    expect(await weak.verify('$argon2id$v=19$m=19456,t=2,p=1$short$hash', 'x')).toBe(false);
  });

  it('the dummy check for an unknown user costs about as much as a real one', async () => {
    const stored = await passwords.hash('timing');
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 3; i += 1) await fn();
      return performance.now() - start;
    };
    const real = await time(() => passwords.verify(stored, 'wrong'));
    const dummy = await time(() => passwords.verify(undefined, 'wrong'));
    // Loose bounds: the point is that the unknown-user path is not instant.
    expect(dummy).toBeGreaterThan(real / 10);
  });

  it('verifies hashes made with other (older) parameters and flags them for rehash', async () => {
    const old = createPasswordHasher({ params: { memory: 8_192, passes: 1, parallelism: 1 } });
    const stored = await old.hash('legacy');
    expect(stored).toContain('$m=8192,t=1,p=1$');
    expect(await passwords.verify(stored, 'legacy')).toBe(true);
    expect(passwords.needsRehash(stored)).toBe(true);
    expect(passwords.needsRehash(await passwords.hash('legacy'))).toBe(false);
    expect(passwords.needsRehash(NO_PASSWORD)).toBe(false);
  });

  it('refuses absurd parameters in a stored hash instead of allocating them', () => {
    const salt = Buffer.alloc(16, 1);
    const hash = Buffer.alloc(32, 2);
    expect(parsePhc(formatPhc(ARGON2_PARAMS, salt, hash))).toEqual({ params: ARGON2_PARAMS, salt, hash });
    expect(parsePhc(formatPhc({ memory: 99_999_999, passes: 2, parallelism: 1 }, salt, hash))).toBeUndefined();
    expect(parsePhc(formatPhc({ memory: 19_456, passes: 0, parallelism: 1 }, salt, hash))).toBeUndefined();
    expect(parsePhc(formatPhc(ARGON2_PARAMS, salt, hash).replace('argon2id', 'argon2i'))).toBeUndefined();
  });

  it('turns hashes away once the slots and the wait line are full', async () => {
    const tiny = createPasswordHasher({ concurrency: 1, maxWaiting: 1 });
    const results = await Promise.allSettled([tiny.hash('a'), tiny.hash('b'), tiny.hash('c'), tiny.verify(undefined, 'd')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(HashingBusyError);
  });
});

describe('boundedLimit (the hashing slots)', () => {
  it('runs at most `concurrency` jobs, queues up to `maxWaiting`, refuses beyond', async () => {
    const slot = boundedLimit(2, 1);
    const gates = [gate(), gate(), gate()];
    const running = gates.map((g) => slot(g.job));
    await settle();
    expect(slot.limit.activeCount).toBe(2);
    expect(slot.limit.pendingCount).toBe(1);
    await expect(slot(async () => 'late')).rejects.toBeInstanceOf(HashingBusyError);

    gates[0]?.open();
    await running[0];
    await settle();
    // The waiting job took the freed slot.
    expect(slot.limit.activeCount).toBe(2);
    expect(slot.limit.pendingCount).toBe(0);
    gates[1]?.open();
    gates[2]?.open();
    await Promise.all(running);
    await settle();
    expect(slot.limit.activeCount).toBe(0);
    expect(await slot(async () => 'again')).toBe('again');
  });

  it('refuses at once, even before p-limit has started the jobs queued in the same tick', async () => {
    const slot = boundedLimit(1, 0);
    const first = gate();
    const running = slot(first.job);
    await expect(slot(async () => 'late')).rejects.toBeInstanceOf(HashingBusyError);
    first.open();
    await running;
  });

  it('refuses at once when the line ahead would take longer than maxWaitMs at the recent pace', async () => {
    // 200 users signing up at once on a busy machine: a line of 34 slow hashes held sign-ups past a 15 s time-out.
    const slot = boundedLimit(1, 100, 150);
    await slot(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const first = gate();
    const running = [slot(first.job), slot(async () => 'second')];
    // Two ahead at ~100 ms each: ~200 ms > 150 ms.
    const refused = await slot(async () => 'late').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HashingBusyError);
    expect((refused as HashingBusyError).retryAfterSeconds).toBe(1);
    first.open();
    await Promise.all(running);
    await settle();
    expect(await slot(async () => 'again')).toBe('again');
  });

  it('skips a queued job whose client has gone by its turn, and runs the next', async () => {
    // Sign-ups timed out by their clients were still hashed, for nobody, while the retries waited behind them.
    const slot = boundedLimit(1, 10);
    const first = gate();
    const running = slot(first.job);
    let ran = false;
    let waiting = true;
    const abandoned = slot(
      async () => {
        ran = true;
      },
      () => waiting,
    );
    const next = slot(async () => 'next');
    waiting = false;
    first.open();
    await running;
    await expect(abandoned).rejects.toBeInstanceOf(HashingBusyError);
    expect(ran).toBe(false);
    expect(await next).toBe('next');
  });

  it('frees the slot when a job fails', async () => {
    const slot = boundedLimit(1, 0);
    await expect(
      slot(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await settle();
    expect(slot.limit.activeCount).toBe(0);
    expect(await slot(async () => 1)).toBe(1);
  });

  it('never runs more than `concurrency` at once under load', async () => {
    const slot = boundedLimit(3, 100);
    let now = 0;
    let peak = 0;
    const job = async () => {
      now += 1;
      peak = Math.max(peak, now);
      await new Promise((resolve) => setTimeout(resolve, 1));
      now -= 1;
    };
    await Promise.all(Array.from({ length: 50 }, () => slot(job)));
    expect(peak).toBe(3);
  });
});
