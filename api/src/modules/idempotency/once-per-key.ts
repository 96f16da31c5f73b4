// The one way a create call honours `Idempotency-Key`: web and automation alike, keyed per user.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AppContext } from '../../http/context.ts';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, requestHash } from './idempotency.service.ts';

/** A handler's answer, as stored and replayed. */
export interface KeyedAnswer {
  status: number;
  body?: unknown;
}

/**
 * Stores the answer in the caller's own transaction, so the effect (a task and its charge, a token) and the answer
 * to replay commit together: a crash can leave neither a charged task without its answer nor the reverse.
 */
export type RecordAnswer = (tx: SqlEntityManager, answer: KeyedAnswer) => Promise<void>;

/** The replay header, `Idempotent-Replayed: true`, on an answer that was stored by an earlier request. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Runs a create call once per `Idempotency-Key` of `userId`: a repeat with the same method, path and `input`
 * (the validated body) replays the stored answer with `Idempotent-Replayed: true` and does nothing again; another
 * input with that key is 422 `idempotency_key_reused`; a repeat while the first still runs is 409
 * `idempotency_in_progress`. A failed call (any problem) did nothing and releases the key, so it can be retried.
 * Without the header the call simply runs. `run` may record its answer inside its own transaction (`record`);
 * otherwise the answer is stored once it returns.
 */
export async function oncePerKey<A extends KeyedAnswer>(
  ctx: AppContext,
  userId: string,
  input: unknown,
  run: (record: RecordAnswer) => Promise<A>,
): Promise<A> {
  const key = ctx.get('Idempotency-Key');
  if (!key) return run(async () => {});
  const em = ctx.state.em;
  const claim = await claimIdempotencyKey(em, userId, key, requestHash(ctx.method, ctx.path, input));
  if (claim.kind === 'replay') {
    ctx.set(REPLAYED_HEADER, 'true');
    return { status: claim.status, body: claim.body } as A;
  }
  let recorded = false;
  let answer: A;
  try {
    answer = await run(async (tx, recordedAnswer) => {
      await completeIdempotencyKey(tx, claim.id, recordedAnswer.status, recordedAnswer.body);
      recorded = true;
    });
  } catch (error) {
    // Only an `in_progress` claim is dropped: an answer recorded in a transaction that committed stays.
    await releaseIdempotencyKey(em, claim.id);
    throw error;
  }
  if (!recorded) await completeIdempotencyKey(em, claim.id, answer.status, answer.body);
  return answer;
}
