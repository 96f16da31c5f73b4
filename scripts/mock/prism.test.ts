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

  it('refuses a request that breaks the spec', async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":1}',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
