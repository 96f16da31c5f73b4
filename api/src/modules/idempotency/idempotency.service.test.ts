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
    expect(await claimIdempotencyKey(em(), userId, 'done', hash)).toEqual({ kind: 'claimed' });
    await completeIdempotencyKey(em(), userId, 'done', 202, { taskId: 'tsk_1' });
    expect(await claimIdempotencyKey(em(), userId, 'done', hash)).toEqual({ kind: 'replay', status: 202, body: { taskId: 'tsk_1' } });
    expect(await codeOf(claimIdempotencyKey(em(), userId, 'done', 'b'.repeat(64)))).toBe('idempotency_key_reused');
    await claimIdempotencyKey(em(), userId, 'released', hash);
    await releaseIdempotencyKey(em(), userId, 'released');
    expect(await claimIdempotencyKey(em(), userId, 'released', 'c'.repeat(64))).toEqual({ kind: 'claimed' });
  });

  it('purges keys older than 24 hours on the next claim', async () => {
    await claimIdempotencyKey(em(), userId, 'old', 'd'.repeat(64));
    await em().execute(`update "idempotency_keys" set "created_at" = now() - interval '25 hours' where "key" = 'old'`);
    expect(await claimIdempotencyKey(em(), userId, 'old', 'e'.repeat(64))).toEqual({ kind: 'claimed' });
  });

  it('drops a claim left in progress by a request that died', async () => {
    await claimIdempotencyKey(em(), userId, 'orphan', 'f'.repeat(64));
    expect(await codeOf(claimIdempotencyKey(em(), userId, 'orphan', 'f'.repeat(64)))).toBe('idempotency_in_progress');
    await em().execute(`update "idempotency_keys" set "created_at" = now() - interval '6 minutes' where "key" = 'orphan'`);
    expect(await claimIdempotencyKey(em(), userId, 'orphan', 'f'.repeat(64))).toEqual({ kind: 'claimed' });
  });
});
