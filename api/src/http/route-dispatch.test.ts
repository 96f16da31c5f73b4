import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.ts';
import type { AppContextExtras, AppState } from './context.ts';
import { dispatchRoutes } from './route-dispatch.ts';

const router = new Router<AppState, AppContextExtras>();
const seen: string[] = [];
router.get('/api/items', (ctx) => {
  ctx.body = { route: ctx._matchedRoute };
});
router.post('/api/items', (ctx) => {
  ctx.status = 201;
  ctx.body = { created: true };
});
router.get('/api/items/:id', (ctx) => {
  ctx.body = { id: ctx.params.id, route: ctx._matchedRoute };
});
// Two middleware on one route run in order, the second with what the first did.
router.get(
  '/api/steps',
  async (_ctx, next) => {
    seen.push('first');
    await next();
  },
  (ctx) => {
    seen.push('second');
    ctx.body = { steps: seen.length };
  },
);

const app = new Koa<AppState, AppContextExtras>();
app.use(async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    ctx.status = error.status;
    for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
    ctx.body = { code: error.code };
  }
});
app.use(dispatchRoutes(router));
// What no route takes and is not an API path goes on (the UI).
app.use((ctx) => {
  ctx.body = { fellThrough: ctx.path };
});
const server = createServer(app.callback());
let base = '';

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const json = async (path: string, init?: RequestInit) => {
  const answer = await fetch(`${base}${path}`, init);
  return { status: answer.status, allow: answer.headers.get('allow'), body: answer.status === 204 ? null : await answer.json() };
};

describe('dispatchRoutes', () => {
  it('runs the matched route with its decoded parameters and pattern, each request its own, the first time and again', async () => {
    for (let round = 0; round < 2; round++) {
      expect(await json('/api/items')).toMatchObject({ status: 200, body: { route: '/api/items' } });
      expect(await json('/api/items/a%20b')).toMatchObject({ status: 200, body: { id: 'a b', route: '/api/items/:id' } });
      expect(await json('/api/items/2')).toMatchObject({ status: 200, body: { id: '2', route: '/api/items/:id' } });
      expect(await json('/api/items', { method: 'POST' })).toMatchObject({ status: 201, body: { created: true } });
    }
  });

  it('runs every middleware of a route in order', async () => {
    seen.length = 0;
    expect(await json('/api/steps')).toMatchObject({ status: 200, body: { steps: 2 } });
    expect(seen).toEqual(['first', 'second']);
  });

  it('answers 405 with Allow for a known path asked with another method, and OPTIONS with 204', async () => {
    for (let round = 0; round < 2; round++) {
      const refused = await json('/api/items', { method: 'DELETE' });
      expect(refused).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
      expect(refused.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
      const options = await json('/api/items/7', { method: 'OPTIONS' });
      expect(options.status).toBe(204);
      expect(options.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS']);
    }
  });

  it('answers 404 for an unknown API path and lets any other path go on', async () => {
    expect(await json('/api/nothing')).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await json('/v1/nothing')).toMatchObject({ status: 404 });
    expect(await json('/gallery')).toMatchObject({ status: 200, body: { fellThrough: '/gallery' } });
  });

  it('finds a route registered after requests were answered', async () => {
    expect((await json('/api/later')).status).toBe(404);
    router.get('/api/later', (ctx) => {
      ctx.body = { later: true };
    });
    expect(await json('/api/later')).toMatchObject({ status: 200, body: { later: true } });
  });
});
