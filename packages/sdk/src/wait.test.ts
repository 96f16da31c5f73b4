// Waiting on a task that outlasts the wait: the sandbox provider takes a minute here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, WaitTimeoutError } from './index.ts';
import { startSdkServer, userWithToken } from './testing/server.ts';

describe('waiting on a slow task', () => {
  let env: Awaited<ReturnType<typeof startSdkServer>>;
  let client: Client;

  beforeAll(async () => {
    env = await startSdkServer(60_000);
    client = createClient({ baseUrl: env.server.url, token: (await userWithToken(env.server, 100)).token });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('waitFor gives up after timeoutMs with the task id; the task is still processing', async () => {
    const { taskId } = await client.submit('generate', { input: { prompt: 'slow' } });
    const started = Date.now();
    const error = await client.waitFor(taskId, { timeoutMs: 400, intervalMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).taskId).toBe(taskId);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await client.getTask(taskId)).status).toBe('processing');
  });

  it('run asks the server to wait no longer than its own timeout, then gives up', async () => {
    const started = Date.now();
    const error = await client.run('generate', { input: { prompt: 'slow too' } }, { timeoutMs: 1500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    // `Prefer: wait=1`, not the 60 s the server allows.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('an aborted signal stops waiting with its reason', async () => {
    const { taskId } = await client.submit('generate', { input: { prompt: 'abandoned' } });
    const controller = new AbortController();
    const waiting = client.waitFor(taskId, { intervalMs: 10_000, signal: controller.signal });
    controller.abort(new Error('user left'));
    await expect(waiting).rejects.toThrow('user left');
  });
});
