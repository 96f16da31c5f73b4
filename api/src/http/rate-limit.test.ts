import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { HttpProblem } from '../errors.ts';
import { enforceRateLimit, RateLimitStore } from './rate-limit.ts';

let database: TestDatabase;
let databaseUrl: string | undefined;
const stores: RateLimitStore[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  databaseUrl = database.target.kind === 'postgres' ? database.target.url : undefined;
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await database?.drop();
});

/** A store as an app opens it: PostgreSQL when the tests run on it, memory otherwise. */
function openStore(url = databaseUrl): RateLimitStore {
  const store = new RateLimitStore(url);
  stores.push(store);
  return store;
}

let names = 0;
const fresh = (limit: number, windowMs: number, store = openStore()) => store.create({ name: `t${++names}`, limit, windowMs });

describe.each([
  ['the database store', () => databaseUrl],
  ['the memory store', () => undefined],
])('%s', (_label, urlOf) => {
  it('allows `limit` attempts per window, then refuses with the time left', async () => {
    const limiter = fresh(3, 10_000, openStore(urlOf()));
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.consume('ip:1'));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[2]).toMatchObject({ remaining: 0, retryAfterMs: 0 });
    expect(decisions[3]?.retryAfterMs).toBeGreaterThan(8_000);
    expect(decisions[3]?.retryAfterMs).toBeLessThanOrEqual(10_000);
  });

  it('counts keys apart, peeks without counting, forgets on reset, and takes any key text', async () => {
    const limiter = fresh(1, 60_000, openStore(urlOf()));
    const odd = `a\u0000b|${'x'.repeat(400)}`;
    expect((await limiter.consume(odd)).allowed).toBe(true);
    expect((await limiter.consume('b')).allowed).toBe(true);
    expect((await limiter.peek('c')).allowed).toBe(true);
    expect((await limiter.consume('c')).allowed).toBe(true);
    expect((await limiter.peek(odd)).allowed).toBe(false);
    await limiter.reset(odd);
    expect((await limiter.peek(odd)).allowed).toBe(true);
    expect((await limiter.consume(odd)).allowed).toBe(true);
  });

  it('gives a key its budget back once its window has passed', async () => {
    const limiter = fresh(1, 300, openStore(urlOf()));
    await limiter.consume('k');
    expect((await limiter.consume('k')).allowed).toBe(false);
    await expect.poll(async () => (await limiter.peek('k')).allowed, { timeout: 5_000, interval: 50 }).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(true);
  });
});

describe('a shared database store', () => {
  it('counts one budget across processes: two stores on one database are one limit', async () => {
    if (!databaseUrl) return expect(openStore().kind).toBe('memory');
    const name = `shared-${++names}`;
    const first = openStore().create({ name, limit: 3, windowMs: 60_000 });
    const second = openStore().create({ name, limit: 3, windowMs: 60_000 });
    expect((await first.consume('ip:9')).allowed).toBe(true);
    expect((await second.consume('ip:9')).allowed).toBe(true);
    expect((await first.consume('ip:9')).allowed).toBe(true);
    expect((await second.consume('ip:9')).allowed).toBe(false);
    expect((await first.peek('ip:9')).allowed).toBe(false);
  });

  it('refuses nonsense options', () => {
    expect(() => fresh(0, 1)).toThrow();
    expect(() => fresh(1, 0)).toThrow();
  });
});

describe('enforceRateLimit', () => {
  it('throws a 429 rate_limited problem with Retry-After in whole seconds, rounded up', async () => {
    const limiter = fresh(1, 2_500);
    await enforceRateLimit(limiter, 'k');
    const thrown = await enforceRateLimit(limiter, 'k', 'Slow down.').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(HttpProblem);
    expect(thrown).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'Slow down.',
      retryable: true,
      headers: { 'Retry-After': '3' },
    });
  });
});
