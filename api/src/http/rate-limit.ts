// Fixed-window rate limits on rate-limiter-flexible: counters in PostgreSQL when DATABASE_URL is set, so every
// process of a cluster counts together (with this process's memory as insurance while the database is away),
// and in memory on the embedded database, where there is one process.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DEFAULT_DATABASE_CONNECT_TIMEOUT_MS } from '../config.ts';
import { tooManyRequests } from '../errors.ts';

export interface RateLimitOptions {
  /** Names the limiter's counters (two limiters with one name would share them). */
  name: string;
  /** Attempts allowed per key in one window. */
  limit: number;
  /** Window length in milliseconds; a key's window starts with its first attempt. */
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Attempts left in the current window after this one. */
  remaining: number;
  /** When refused: milliseconds until the key's window ends and attempts are allowed again; 0 when allowed. */
  retryAfterMs: number;
  /** Milliseconds until the key's window ends (its budget is whole again). */
  resetMs: number;
}

export interface RateLimiter {
  /** Counts one attempt for `key` and says whether it is within the limit. */
  consume(key: string): Promise<RateLimitDecision>;
  /** Whether `key` has used up its window, without counting anything (for limits that count only failures). */
  peek(key: string): Promise<RateLimitDecision>;
  /** Forgets a key (for example after a successful sign-in). */
  reset(key: string): Promise<void>;
}

const SCHEMA = 'rate_limit';
const TABLE = 'counters';

/** Keys hold user input (usernames): hashed, they are short, fixed-length and never hold a character PostgreSQL refuses. */
const storedKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/** A `RateLimiter` on a library limiter; `keyOf` turns a caller's key into the stored one. */
function limiterOn(ready: () => Promise<RateLimiterAbstract>, limit: number, keyOf: (key: string) => string): RateLimiter {
  return {
    async consume(key) {
      try {
        const res = await (await ready()).consume(keyOf(key), 1);
        return { allowed: true, remaining: res.remainingPoints, retryAfterMs: 0, resetMs: res.msBeforeNext };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { allowed: false, remaining: 0, retryAfterMs: rejection.msBeforeNext, resetMs: rejection.msBeforeNext };
      }
    },
    async peek(key) {
      const res = await (await ready()).get(keyOf(key));
      const consumed = res?.consumedPoints ?? 0;
      const allowed = consumed < limit;
      const resetMs = res ? Math.max(0, res.msBeforeNext) : 0;
      return { allowed, remaining: Math.max(0, limit - consumed), retryAfterMs: allowed ? 0 : resetMs, resetMs };
    },
    async reset(key) {
      await (await ready()).delete(keyOf(key));
    },
  };
}

function checkedOptions({ name, limit, windowMs }: RateLimitOptions) {
  if (!(limit >= 1) || !(windowMs > 0)) throw new Error('rate limiter needs limit >= 1 and windowMs > 0');
  return { keyPrefix: name, points: limit, duration: windowMs / 1000 };
}

/** Where an app's counters live; one per app, closed with it. */
export class RateLimitStore {
  readonly #databaseUrl: string | undefined;
  readonly #connectTimeoutMs: number;
  #pool: pg.Pool | undefined;
  #table: Promise<void> | undefined;

  /** `connectTimeoutMs`: a database that never answers fails the count (the memory insurance takes over) instead of hanging it. */
  constructor(databaseUrl: string | undefined, connectTimeoutMs = DEFAULT_DATABASE_CONNECT_TIMEOUT_MS) {
    this.#databaseUrl = databaseUrl;
    this.#connectTimeoutMs = connectTimeoutMs;
  }

  get kind(): 'postgres' | 'memory' {
    return this.#databaseUrl ? 'postgres' : 'memory';
  }

  /** A limiter on this store (the database connection and table are made on first use). */
  create(options: RateLimitOptions): RateLimiter {
    const base = checkedOptions(options);
    let limiter: RateLimiterAbstract | undefined;
    const ready = async (): Promise<RateLimiterAbstract> => {
      if (limiter) return limiter;
      if (!this.#databaseUrl) {
        limiter = new RateLimiterMemory(base);
        return limiter;
      }
      await this.#ensureTable();
      limiter = new RateLimiterPostgres({
        ...base,
        storeClient: this.#poolOf(this.#databaseUrl),
        storeType: 'pool',
        schemaName: SCHEMA,
        tableName: TABLE,
        tableCreated: true,
        // A database outage must not lock everyone out or let everyone through: count in memory meanwhile.
        insuranceLimiter: new RateLimiterMemory(base),
      });
      return limiter;
    };
    return limiterOn(ready, options.limit, storedKey);
  }

  /** Ends the database connections. */
  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.end();
  }

  #poolOf(databaseUrl: string): pg.Pool {
    if (!this.#pool) {
      this.#pool = new pg.Pool({
        connectionString: databaseUrl,
        max: 4,
        idleTimeoutMillis: 10_000,
        connectionTimeoutMillis: this.#connectTimeoutMs,
        allowExitOnIdle: true,
      });
      // An idle connection the server ends (restart, failover) must not crash the process; the next query reconnects.
      this.#pool.on('error', () => {});
    }
    return this.#pool;
  }

  /** The counters table (the library's layout), created once; processes starting together may race, so retry once. */
  #ensureTable(): Promise<void> {
    this.#table ??= (async () => {
      const pool = this.#poolOf(this.#databaseUrl as string);
      const create = async () => {
        await pool.query(`create schema if not exists "${SCHEMA}"`);
        await pool.query(
          `create table if not exists "${SCHEMA}"."${TABLE}" (key varchar(255) primary key, points integer not null default 0, expire bigint)`,
        );
      };
      await create().catch(create);
    })().catch((error: unknown) => {
      this.#table = undefined;
      throw error;
    });
    return this.#table;
  }
}

/**
 * Counts an attempt and throws the 429 `rate_limited` problem (with `Retry-After`) when over the limit;
 * `announce` sees every decision first (to send the budget in headers, on the 429 too).
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  detail?: string,
  announce?: (decision: RateLimitDecision) => void,
): Promise<RateLimitDecision> {
  const decision = await limiter.consume(key);
  announce?.(decision);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterMs / 1000, detail);
  return decision;
}

/** Throws the 429 problem when `key` has no attempts left, counting nothing. */
export async function refuseWhenSpent(limiter: RateLimiter, key: string, detail?: string): Promise<void> {
  const decision = await limiter.peek(key);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterMs / 1000, detail);
}

/**
 * Adds a policy to the IETF `RateLimit` and `RateLimit-Policy` fields (draft-ietf-httpapi-ratelimit-headers-10): each
 * is a structured-field List with one item per policy that applies, `"<policy>";q=<quota>;w=<window s>` and
 * `"<policy>";r=<left>;t=<seconds until the window ends>`, so a route with two budgets announces both.
 */
export function announceRateLimit(
  response: { get(name: string): unknown; set(name: string, value: string): void },
  policy: string,
  limit: number,
  windowMs: number,
  decision: RateLimitDecision,
): void {
  const add = (name: string, item: string) => {
    const prior = response.get(name);
    response.set(name, typeof prior === 'string' && prior !== '' ? `${prior}, ${item}` : item);
  };
  add('RateLimit-Policy', `"${policy}";q=${limit};w=${Math.ceil(windowMs / 1000)}`);
  add('RateLimit', `"${policy}";r=${decision.remaining};t=${Math.ceil(decision.resetMs / 1000)}`);
}
