// Password hashing with Argon2id (Node's built-in crypto.argon2) in PHC string form.
//
// Parameters are OWASP's minimum for Argon2id (19 MiB, 2 passes, 1 lane). Each stored hash carries its own
// parameters, so they can be raised later: old hashes still verify and `needsRehash` says when to upgrade.
// Every hash runs behind a small concurrency limit with a bounded wait line: each costs ~19 MiB and a
// thread-pool slot, so a flood of sign-ins must be turned away (429) rather than allowed to exhaust memory.
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import pLimit from 'p-limit';

/** Thrown when a hash would wait too long for a slot (hash-slot.ts answers 429 with its Retry-After). */
export class HashingBusyError extends Error {
  override name = 'HashingBusyError';
  /** About when a slot should be free again. */
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds = 1) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** How much the latest job moves the running mean of job time. */
const MEAN_WEIGHT = 0.2;

/**
 * `job` under p-limit's `concurrency`, refused at once when `maxWaiting` jobs already wait behind it, or when the
 * line ahead would take longer than `maxWaitMs` at the jobs' recent pace (on a busy machine a hash takes many times
 * its usual time: a short line can then hold a request past any client's patience).
 */
export function boundedLimit(concurrency: number, maxWaiting: number, maxWaitMs = Number.POSITIVE_INFINITY) {
  if (!(maxWaiting >= 0)) throw new Error('maxWaiting must be >= 0');
  const limit = pLimit(concurrency);
  let meanMs = 0;
  const timed = async <T>(job: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await job();
    } finally {
      const took = performance.now() - started;
      meanMs = meanMs === 0 ? took : meanMs + MEAN_WEIGHT * (took - meanMs);
    }
  };
  /** `wanted`, asked when the job's turn comes: false (its client has gone) skips it, so no slot goes to nobody. */
  const run = <T>(job: () => Promise<T>, wanted?: () => boolean): Promise<T> => {
    // A call counts as pending until p-limit starts it, so this is every job in the system.
    const ahead = limit.activeCount + limit.pendingCount;
    if (ahead >= concurrency + maxWaiting) return Promise.reject(new HashingBusyError('Too many password hashes are waiting.'));
    const waitMs = Math.floor(ahead / concurrency) * meanMs;
    if (waitMs > maxWaitMs)
      return Promise.reject(new HashingBusyError('Password hashes are waiting too long.', Math.ceil((waitMs - maxWaitMs) / 1000) || 1));
    return limit(() => (wanted && !wanted() ? Promise.reject(new HashingBusyError('Nobody waits for this hash any more.')) : timed(job)));
  };
  return Object.assign(run, { limit });
}

export interface Argon2Params {
  /** Memory in KiB. */
  memory: number;
  passes: number;
  parallelism: number;
}

/** OWASP Password Storage Cheat Sheet: Argon2id with m=19456 (19 MiB), t=2, p=1 at least. */
export const ARGON2_PARAMS: Readonly<Argon2Params> = { memory: 19_456, passes: 2, parallelism: 1 };
export const ARGON2_VERSION = 19;
const SALT_BYTES = 16;
const TAG_BYTES = 32;

/**
 * Stored in place of a hash for accounts that have no password (signed up with Google).
 * It is not a PHC string, so no password ever verifies against it.
 */
export const NO_PASSWORD = '!no-password';

export interface ParsedHash {
  params: Argon2Params;
  salt: Buffer;
  hash: Buffer;
}

/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (unpadded base64, as the PHC format says). */
export function formatPhc(params: Argon2Params, salt: Buffer, hash: Buffer): string {
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=${ARGON2_VERSION}$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;

/** Reads a PHC string we wrote; anything else (including `NO_PASSWORD`) gives undefined. */
export function parsePhc(stored: string): ParsedHash | undefined {
  const match = PHC.exec(stored);
  if (!match) return undefined;
  const [, m, t, p, salt, hash] = match;
  const params = { memory: Number(m), passes: Number(t), parallelism: Number(p) };
  // Bounds keep a corrupted row from asking for absurd memory.
  if (params.parallelism < 1 || params.passes < 1 || params.memory < 8 * params.parallelism || params.memory > 4_194_304) return undefined;
  return { params, salt: Buffer.from(salt ?? '', 'base64'), hash: Buffer.from(hash ?? '', 'base64') };
}

/** NFKC so the same password typed on different keyboards (composed or decomposed accents) matches. */
function normalize(password: string): Buffer {
  return Buffer.from(password.normalize('NFKC'), 'utf8');
}

function derive(password: string, salt: Buffer, params: Argon2Params, tagLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: normalize(password), nonce: salt, tagLength, ...params }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export interface PasswordHasher {
  /**
   * A new PHC string with a fresh 16-byte salt. Rejects with `HashingBusyError` when too busy, or when `wanted`
   * says nobody waits for it any more by its turn.
   */
  hash(password: string, wanted?: () => boolean): Promise<string>;
  /**
   * Whether `password` matches `stored`, compared in constant time. An unparseable `stored` (or none, for
   * an unknown user) still costs one hash, so timing does not tell which usernames exist.
   */
  verify(stored: string | null | undefined, password: string, wanted?: () => boolean): Promise<boolean>;
  /** True when `stored` was made with weaker parameters than today's (rehash after a successful sign-in). */
  needsRehash(stored: string): boolean;
}

export interface PasswordHasherOptions {
  params?: Argon2Params;
  /** Hashes computed at once. Default 2. */
  concurrency?: number;
  /** Hashes allowed to wait for a slot; beyond, calls fail fast. Default 32. */
  maxWaiting?: number;
  /** Longest expected wait for a slot (line length at the recent hash time); beyond, calls fail fast. Default 5 s. */
  maxWaitMs?: number;
}

/** Creates a hasher; the process shares one (`passwords`) so the concurrency bound is process-wide. */
export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher {
  const params = options.params ?? ARGON2_PARAMS;
  const slot = boundedLimit(options.concurrency ?? 2, options.maxWaiting ?? 32, options.maxWaitMs ?? 5000);

  return {
    hash(password, wanted) {
      return slot(async () => {
        const salt = randomBytes(SALT_BYTES);
        return formatPhc(params, salt, await derive(password, salt, params, TAG_BYTES));
      }, wanted);
    },
    verify(stored, password, wanted) {
      return slot(async () => {
        const parsed = stored ? parsePhc(stored) : undefined;
        if (!parsed) {
          // Same work as a real check, result thrown away.
          await derive(password, randomBytes(SALT_BYTES), params, TAG_BYTES);
          return false;
        }
        const actual = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
        return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
      }, wanted);
    },
    needsRehash(stored) {
      const parsed = parsePhc(stored);
      if (!parsed) return false;
      const p = parsed.params;
      return p.memory < params.memory || p.passes < params.passes || parsed.hash.length < TAG_BYTES;
    },
  };
}

/** The process-wide hasher used by sign-in, registration and password changes. */
export const passwords: PasswordHasher = createPasswordHasher();
