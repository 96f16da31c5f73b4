import type { Health, RemoteManifest } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/index.ts';
import { HEALTH_PROBE_MAX_AGE_MS } from './database-probe.ts';

describe('system routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ remotes: { admin: 'http://127.0.0.1:4174/remoteEntry.js' } });
  });
  afterAll(() => server.close());

  it('GET /healthz answers ok once the database answers', async () => {
    const res = await server.request<Health>('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('GET /healthz really asks the database: a failing query makes it a masked 500 within a probe interval', async () => {
    const emPrototype = Object.getPrototypeOf(server.orm.em) as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = vi.spyOn(emPrototype, 'execute').mockRejectedValue(new Error('connection refused'));
    try {
      // The success of the test above may answer for up to HEALTH_PROBE_MAX_AGE_MS; then the failing query shows.
      await expect.poll(async () => (await server.request('GET', '/healthz')).status, { timeout: HEALTH_PROBE_MAX_AGE_MS * 5 }).toBe(500);
      expect(execute).toHaveBeenCalledWith('select 1');
    } finally {
      execute.mockRestore();
    }
  });

  it('GET /api/remotes lists every remote with same-origin defaults and applies overrides', async () => {
    const res = await server.request<RemoteManifest>('GET', '/api/remotes');
    expect(res.status).toBe(200);
    expect(res.body.remotes).toEqual({
      studio: '/remotes/studio/remoteEntry.js',
      billing: '/remotes/billing/remoteEntry.js',
      account: '/remotes/account/remoteEntry.js',
      admin: 'http://127.0.0.1:4174/remoteEntry.js',
    });
  });
});
