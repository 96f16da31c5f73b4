// The Prism mock answers from the emitted spec, so the UI can run without the API.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const port = 4000 + Math.floor(Math.random() * 900);
const base = `http://127.0.0.1:${port}`;
let mock: ChildProcess;

beforeAll(async () => {
  mock = spawn(process.execPath, [fileURLToPath(new URL('./prism.ts', import.meta.url))], {
    env: { ...process.env, MOCK_PORT: String(port) },
    stdio: 'ignore',
  });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${base}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the Prism mock did not start');
}, 70_000);

afterAll(() => {
  mock?.kill('SIGTERM');
});

describe('pnpm mock', () => {
  it('answers GET /api/pricing/current with the example from the contract', async () => {
    const res = await fetch(`${base}/api/pricing/current`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ nanoBananaApiPrice: 4, nanoBananaEditApiPrice: 6, creemEnabled: true });
  });

  it('answers each error status with its own example problem, not the validation failure', async () => {
    const asked = (path: string, code: number) =>
      fetch(`${base}${path}`, { headers: { prefer: `code=${code}`, authorization: 'Bearer nbk_x', cookie: 'sid=x' } });
    const unauthorized = await asked('/api/n8n/image-status/tsk_1', 401);
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ status: 401, code: 'unauthorized', title: 'Authentication required' });
    const limited = await asked('/api/n8n/image-status/tsk_1', 429);
    expect(await limited.json()).toMatchObject({ status: 429, code: 'rate_limited', retryable: true });
    const missing = await asked('/api/n8n/image-status/tsk_1', 404);
    expect(await missing.json()).toMatchObject({ status: 404, code: 'not_found', message: 'No task of yours has this id.' });
  });

  it('refuses a request that breaks the spec', async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":1}',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
