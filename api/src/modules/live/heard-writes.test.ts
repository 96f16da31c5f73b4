// Only requests that wrote wait for the fence: a refused or read-only unsafe request answers at once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/index.ts';
import type { ChangeFeed } from '../../db/changes.ts';
import type { AppContextExtras, AppState } from '../../http/context.ts';
import { requestContext } from '../../http/request-context.ts';
import { heardWrites } from './heard-writes.ts';

describe('the write fence', () => {
  let server: TestServer;
  let url: string;
  let close: () => void;
  const fence = vi.fn(async () => {});

  beforeAll(async () => {
    server = await startTestServer();
    const app = new Koa<AppState, AppContextExtras>();
    const live: ChangeFeed = { watch: () => () => {}, fence };
    app.context.services = { live, logger: pino({ level: 'silent' }) } as unknown as AppContextExtras['services'];
    app.use(requestContext(server.orm));
    app.use(heardWrites());
    app.use(async (ctx) => {
      const em = ctx.state.em;
      if (ctx.path === '/refused') ctx.throw(403);
      if (ctx.path === '/read') await em.execute('select count(*) from "users"');
      if (ctx.path === '/write') await em.execute('update "users" set "username" = "username" where false');
      if (ctx.path === '/write-then-fail') {
        await em.execute('update "users" set "username" = "username" where false');
        ctx.throw(409);
      }
      ctx.status = 204;
    });
    const http = createServer(app.callback());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    close = () => http.close();
  });
  afterAll(async () => {
    close();
    await server.close();
  });

  const fencedAfter = async (method: string, path: string) => {
    fence.mockClear();
    await fetch(`${url}${path}`, { method });
    return fence.mock.calls.length;
  };

  it('waits after a write, also when a problem followed it', async () => {
    expect(await fencedAfter('POST', '/write')).toBe(1);
    expect(await fencedAfter('DELETE', '/write-then-fail')).toBe(1);
  });

  it('does not wait for refused, read-only or safe requests', async () => {
    expect(await fencedAfter('POST', '/refused')).toBe(0);
    expect(await fencedAfter('POST', '/read')).toBe(0);
    expect(await fencedAfter('GET', '/write')).toBe(0);
  });
});
