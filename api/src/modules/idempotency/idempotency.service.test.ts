import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer } from '../../../test/index.ts';
import { HttpProblem } from '../../errors.ts';
import { canonicalJson, claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, requestHash } from './idempotency.service.ts';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof HttpProblem ? error.code : String(error)),
  );

describe('idempotency keys', () => {
  let server: TestServer;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer();
    userId = (await createUser(server)).id;
  });
  afterAll(() => server?.close());
  const em = () => server.orm.em.fork();

  it('hashes canonical JSON: key order does not matter, values do', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: null } })).toBe('{"a":{"c":null,"d":[1,2]},"b":1}');
    expect(requestHash('post', '/x', { a: 1, b: 2 })).toBe(requestHash('POST', '/x', { b: 2, a: 1 }));
    expect(requestHash('POST', '/x', { a: 1 })).not.toBe(requestHash('POST', '/y', { a: 1 }));
    // Hashed piece by piece, the same as the hash of the whole text (keys stored before stay valid).
    const body = { b: 'é', a: [1, 'x', { c: null, d: undefined }] };
    expect(requestHash('POST', '/x', body)).toBe(
      createHash('sha256')
        .update(`POST\n/x\n${canonicalJson(body)}`)
        .digest('hex'),
    );
    expect(canonicalJson(body)).toBe('{"a":[1,"x",{"c":null}],"b":"é"}');
  });

  it('lets exactly one of many concurrent claims win; the others are in progress', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => codeOf(claimIdempotencyKey(em(), userId, 'race', 'h'.repeat(64)))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'idempotency_in_progress')).toHaveLength(4);
  });

  it('replays a completed answer, refuses another hash, and frees a released key', async () => {
    const hash = 'a'.repeat(64);
    const claim = await claimIdempotencyKey(em(), userId, 'done', hash);
    expect(claim).toEqual({ kind: 'claimed', id: expect.any(String) });
    await completeIdempotencyKey(em(), (claim as { id: string }).id, 202, { taskId: 'tsk_1' });
    expect(await claimIdempotencyKey(em(), userId, 'done', hash)).toEqual({ kind: 'replay', status: 202, body: { taskId: 'tsk_1' } });
    expect(await codeOf(claimIdempotencyKey(em(), userId, 'done', 'b'.repeat(64)))).toBe('idempotency_key_reused');
    const released = await claimIdempotencyKey(em(), userId, 'released', hash);
    await releaseIdempotencyKey(em(), (released as { id: string }).id);
    expect(await claimIdempotencyKey(em(), userId, 'released', 'c'.repeat(64))).toMatchObject({ kind: 'claimed' });
  });

  it('purges keys older than 24 hours on the next claim', async () => {
    await claimIdempotencyKey(em(), userId, 'old', 'd'.repeat(64));
    await em().execute(`update "idempotency_keys" set "created_at" = now() - interval '25 hours' where "key" = 'old'`);
    expect(await claimIdempotencyKey(em(), userId, 'old', 'e'.repeat(64))).toMatchObject({ kind: 'claimed' });
  });

  it('drops a claim left in progress by a request that died', async () => {
    await claimIdempotencyKey(em(), userId, 'orphan', 'f'.repeat(64));
    expect(await codeOf(claimIdempotencyKey(em(), userId, 'orphan', 'f'.repeat(64)))).toBe('idempotency_in_progress');
    // A killed process's claim blocks a retry for a minute, not for the five minutes it once did.
    await em().execute(`update "idempotency_keys" set "created_at" = now() - interval '50 seconds' where "key" = 'orphan'`);
    expect(await codeOf(claimIdempotencyKey(em(), userId, 'orphan', 'f'.repeat(64)))).toBe('idempotency_in_progress');
    await em().execute(`update "idempotency_keys" set "created_at" = now() - interval '61 seconds' where "key" = 'orphan'`);
    expect(await claimIdempotencyKey(em(), userId, 'orphan', 'f'.repeat(64))).toMatchObject({ kind: 'claimed' });
  });

  it('a request slower than the stale age whose claim a retry took over stores nothing: the retry answers once', async () => {
    const hash = '9'.repeat(64);
    const slow = (await claimIdempotencyKey(em(), userId, 'slow', hash)) as { id: string };
    await em().execute(`update "idempotency_keys" set "created_at" = now() - interval '2 minutes' where "key" = 'slow'`);
    const retry = (await claimIdempotencyKey(em(), userId, 'slow', hash)) as { id: string };
    expect(retry.id).not.toBe(slow.id);
    // The slow one's effect and answer share a transaction: its answer refused, the effect rolls back with it.
    expect(await codeOf(completeIdempotencyKey(em(), slow.id, 202, { taskId: 'tsk_slow' }))).toBe('idempotency_in_progress');
    await releaseIdempotencyKey(em(), slow.id);
    await completeIdempotencyKey(em(), retry.id, 202, { taskId: 'tsk_retry' });
    expect(await claimIdempotencyKey(em(), userId, 'slow', hash)).toEqual({ kind: 'replay', status: 202, body: { taskId: 'tsk_retry' } });
  });
});
