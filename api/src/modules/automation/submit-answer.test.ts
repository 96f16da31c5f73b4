import type { AutomationSubmitted, AutomationTaskStatus } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, startTestServer, type TestServer } from '../../../test/index.ts';
import { preferredWait } from './prefer-wait.ts';

describe('Prefer: wait=N', () => {
  it('reads the wait preference among others, capped at 60 s, and ignores what it cannot read', () => {
    expect(preferredWait('wait=10')).toBe(10);
    expect(preferredWait('respond-async, wait=5')).toBe(5);
    expect(preferredWait('WAIT = "7"')).toBe(7);
    expect(preferredWait('wait=3600')).toBe(60);
    for (const ignored of [undefined, '', 'wait=0', 'wait=-1', 'wait=abc', 'waiting=5', 'respond-async', 'wait=5x']) {
      expect(preferredWait(ignored), String(ignored)).toBeNull();
    }
  });
});

describe('submission answers', () => {
  let fast: TestServer;
  let slow: TestServer;
  let fastToken: string;
  let slowToken: string;

  beforeAll(async () => {
    fast = await startTestServer({ studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 } });
    // A provider slower than the wait asked for.
    slow = await startTestServer({ studio: { sandboxDelayMs: 20_000, pollMinMs: 50, pollMaxMs: 200 } });
    fastToken = await createToken(fast, await createUser(fast, { credits: 100 }));
    slowToken = await createToken(slow, await createUser(slow, { credits: 100 }));
  });
  afterAll(async () => {
    await fast?.close();
    await slow?.close();
  });

  const submit = (server: TestServer, token: string, headers: Record<string, string> = {}) =>
    server.request<AutomationSubmitted>('POST', '/api/n8n/generate', {
      body: { input: { prompt: 'a paper boat' } },
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  it('202 names the status address in Location and statusUrl, and that address answers', async () => {
    const res = await submit(fast, fastToken);
    expect(res.status).toBe(202);
    expect(res.body.statusUrl).toBe(`${fast.url}/api/n8n/image-status/${res.body.taskId}`);
    expect(res.headers.get('location')).toBe(res.body.statusUrl);
    expect(res.headers.get('preference-applied')).toBeNull();
    expect(res.body.result).toBeUndefined();
    const status = await fetch(res.body.statusUrl, { headers: { authorization: `Bearer ${fastToken}` } });
    expect(status.status).toBe(200);
    expect(((await status.json()) as AutomationTaskStatus).taskId).toBe(res.body.taskId);
  });

  it('with Prefer: wait, answers 200 with the finished result once the task ends', async () => {
    const res = await submit(fast, fastToken, { prefer: 'wait=30' });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('wait=30');
    expect(res.headers.get('location')).toBe(res.body.statusUrl);
    expect(res.body.result).toMatchObject({ status: 'completed', taskId: res.body.taskId, imageUrl: expect.stringContaining('/files/') });
  });

  it('with Prefer: wait shorter than the task, answers 202 with the task still processing', async () => {
    const started = Date.now();
    const res = await submit(slow, slowToken, { prefer: 'wait=1' });
    expect(res.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(res.headers.get('preference-applied')).toBe('wait=1');
    expect(res.body.result).toMatchObject({ status: 'processing', taskId: res.body.taskId });
  });

  it('an idempotent replay keeps the status address', async () => {
    const headers = { 'idempotency-key': 'replay-location-1' };
    const first = await submit(fast, fastToken, headers);
    const again = await submit(fast, fastToken, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.statusUrl).toBe(first.body.statusUrl);
    expect(again.headers.get('location')).toBe(first.body.statusUrl);
  });
});
