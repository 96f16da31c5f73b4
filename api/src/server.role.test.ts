import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/index.ts';

describe('process roles', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a web process serves HTTP and runs no background work', async () => {
    server = await startTestServer({ config: { role: 'web' } });
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect(server.studio.runner.running).toBe(false);
  });

  it('the default (all) serves and runs the background work', async () => {
    server = await startTestServer();
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect(server.studio.runner.running).toBe(true);
  });
});
