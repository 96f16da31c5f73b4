import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineRoute, type Problem, z } from '@app/contract';
import { Router } from '@koa/router';
import Koa from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppRouter, bindRoutes, type HandlerMap, type HandlersFor, toKoaPath } from './bind.ts';
import { jsonBody } from './body.ts';
import type { AppContextExtras, AppState } from './context.ts';
import { requestFrame } from './request-frame.ts';
import { dispatchRoutes } from './route-dispatch.ts';

const Item = z.object({ id: z.uuid(), name: z.string(), createdAt: z.iso.datetime() });

const getItem = defineRoute({
  method: 'get',
  path: '/api/items/{id}',
  operationId: 'getItem',
  summary: 'One item',
  tags: ['Test'],
  role: 'anonymous',
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: { description: 'The item.', schema: Item } },
});

const listItems = defineRoute({
  method: 'get',
  path: '/api/items',
  operationId: 'listItems',
  summary: 'Items',
  tags: ['Test'],
  role: 'anonymous',
  request: { query: z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().max(50).default(10) }) },
  responses: { 200: { description: 'Items.', schema: z.object({ page: z.number(), limit: z.number() }) } },
});

const createItem = defineRoute({
  method: 'post',
  path: '/api/items',
  operationId: 'createItem',
  summary: 'Create',
  tags: ['Test'],
  role: 'user',
  request: { body: z.object({ name: z.string().min(3), tags: z.array(z.string()).max(2) }) },
  responses: { 201: { description: 'Created.', schema: Item } },
});

const brokenItem = defineRoute({
  method: 'get',
  path: '/api/broken',
  operationId: 'brokenItem',
  summary: 'Answers the wrong shape on purpose',
  tags: ['Test'],
  role: 'anonymous',
  responses: { 200: { description: 'The item.', schema: Item } },
});

const adminOnly = defineRoute({
  method: 'delete',
  path: '/api/items/{id}',
  operationId: 'deleteItem',
  summary: 'Delete',
  tags: ['Test'],
  role: 'admin',
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 204: { description: 'Deleted.' } },
});

/** A provider's webhook: its payload is the provider's, open to fields it adds (and so is its query). */
const providerHook = defineRoute({
  method: 'post',
  path: '/api/hooks/provider',
  operationId: 'providerHook',
  summary: 'Provider webhook',
  tags: ['Test'],
  role: 'anonymous',
  request: { body: z.looseObject({ id: z.string().max(20), data: z.looseObject({ state: z.string().optional() }).optional() }) },
  responses: { 200: { description: 'Seen.', schema: z.object({ keys: z.array(z.string()) }) } },
});

/** Validations of `countedQuery`'s query, counted. */
let queryChecks = 0;

const countedQuery = defineRoute({
  method: 'get',
  path: '/api/counted',
  operationId: 'countedQuery',
  summary: 'Counts the checks of its query',
  tags: ['Test'],
  role: 'anonymous',
  request: {
    query: z.object({
      q: z
        .string()
        .max(5)
        .refine(() => {
          queryChecks += 1;
          return true;
        }),
    }),
  },
  responses: { 200: { description: 'What the handler got.', schema: z.object({ q: z.string(), frozen: z.boolean() }) } },
});

const routes = [getItem, listItems, createItem, brokenItem, adminOnly, providerHook, countedQuery] as const;
const ITEM_ID = '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10';

const handlers = {
  // An anonymous route sees the session user when there is one; a `user` route always gets one.
  getItem: async (_ctx, { params, caller }) => ({
    status: 200,
    body: { id: params.id, name: caller ? `first, seen by ${caller.id}` : 'first', createdAt: new Date(0).toISOString() },
  }),
  listItems: async (_ctx, { query }) => ({ status: 200, body: { page: query.page, limit: query.limit } }),
  createItem: async (_ctx, { body, caller }) => ({
    status: 201,
    body: { id: ITEM_ID, name: `${body.name} of ${caller.username}`, createdAt: new Date(0).toISOString() },
  }),
  // A Date where the contract says ISO string, and no name: exactly the drift the check exists to catch.
  brokenItem: async () => ({ status: 200, body: { id: ITEM_ID, createdAt: new Date(0) } as never }),
  deleteItem: async () => ({ status: 204, body: undefined }),
  providerHook: async (_ctx, { body }) => ({ status: 200, body: { keys: Object.keys(body) } }),
  countedQuery: async (_ctx, { query }) => ({ status: 200, body: { q: query.q, frozen: Object.isFrozen(query) } }),
} satisfies HandlersFor<typeof routes>;

interface Harness {
  url: string;
  logs: Record<string, unknown>[];
  server: Server;
}

/** A minimal app around the binder; `x-test-user: user|admin` plays the principal resolver. */
async function harness(validateResponses: boolean): Promise<Harness> {
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const app = new Koa<AppState, AppContextExtras>();
  const router: AppRouter = new Router<AppState, AppContextExtras>();
  bindRoutes(router, routes, handlers, { validateResponses });
  app.use(requestFrame({ logger, harden: { every: () => {}, page: () => {} }, observe: () => {} }));
  app.use(jsonBody());
  app.use(async (ctx, next) => {
    const role = ctx.get('x-test-user');
    if (role) ctx.state.user = { id: 'u1', username: 'u', isActive: true, isAdmin: role === 'admin' };
    await next();
  });
  app.use(dispatchRoutes(router));
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logs, server };
}

describe('bindRoutes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(true);
  });
  afterAll(() => new Promise<void>((resolve) => h.server.close(() => resolve())));

  const call = async (method: string, path: string, init: { body?: unknown; user?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.user) headers['x-test-user'] = init.user;
    const res = await fetch(h.url + path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Problem & Record<string, unknown> };
  };

  it('converts {param} paths and passes validated params', async () => {
    expect(toKoaPath('/api/items/{id}/files/{fileId}')).toBe('/api/items/:id/files/:fileId');
    const res = await call('GET', `/api/items/${ITEM_ID}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ITEM_ID, name: 'first' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('coerces query values and applies defaults', async () => {
    const res = await call('GET', '/api/items?page=3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ page: 3, limit: 10 });
  });

  it('refuses query parameters the route does not declare, naming each one', async () => {
    const res = await call('GET', '/api/items?page=3&utm_source=mail&q=fox');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual([
      { pointer: '/query/utm_source', detail: "Unknown parameter 'utm_source'" },
      { pointer: '/query/q', detail: "Unknown parameter 'q'" },
    ]);
    expect(res.body.message).toContain("utm_source: Unknown parameter 'utm_source'.");
  });

  it('answers a repeated query string alike, each time from its own parse, with __proto__ as a plain (unknown) key', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call('GET', '/api/items?page=2&__proto__=a&__proto__=b&limit=5');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ pointer: '/query/__proto__', detail: "Unknown parameter '__proto__'" }]);
      expect(({} as Record<string, unknown>).a).toBeUndefined();
    }
    const repeated = await call('GET', '/api/items?page=1&page=2');
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors?.map((e) => e.pointer)).toEqual(['/query/page']);
  });

  it('validates a query string once per route, hands it over frozen, and refuses a bad one every time', async () => {
    const before = queryChecks;
    for (let i = 0; i < 3; i++) expect((await call('GET', '/api/counted?q=fox')).body).toEqual({ q: 'fox', frozen: true });
    expect(queryChecks - before).toBe(1);
    expect((await call('GET', '/api/counted?q=cat')).body).toEqual({ q: 'cat', frozen: true });
    expect(queryChecks - before).toBe(2);
    // The same string on another route is that route's to judge.
    const elsewhere = await call('GET', '/api/items?q=fox');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([{ pointer: '/query/q', detail: "Unknown parameter 'q'" }]);
    for (let i = 0; i < 2; i++) {
      const bad = await call('GET', '/api/counted?q=wolves');
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.map((e) => e.pointer)).toEqual(['/query/q']);
    }
    const control = await call('GET', '/api/counted?q=%07');
    expect(control.status).toBe(400);
  });

  it('answers a bad query with 400 and a pointer per field', async () => {
    const res = await call('GET', '/api/items?page=0&limit=500');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors?.map((e) => e.pointer).sort()).toEqual(['/query/limit', '/query/page']);
  });

  it('answers a bad path parameter with a /params pointer', async () => {
    const res = await call('GET', '/api/items/not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: '/params/id' })]);
  });

  it('checks the role before the input: anonymous gets 401 even with a bad body', async () => {
    const res = await call('POST', '/api/items', { body: { name: 'x' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('points at nested body fields', async () => {
    const res = await call('POST', '/api/items', { user: 'user', body: { name: 'x', tags: ['a', 'b', 'c'] } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.pointer).sort()).toEqual(['/body/name', '/body/tags']);
  });

  it('refuses body fields the route does not declare, at any depth, naming each one', async () => {
    const res = await call('POST', '/api/items', { user: 'user', body: { name: 'lamp', tags: [], creditCap: 5, __proto__x: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { pointer: '/body/creditCap', detail: "Unknown field 'creditCap'" },
      { pointer: '/body/__proto__x', detail: "Unknown field '__proto__x'" },
    ]);
    // A `__proto__` key never gets that far: the JSON parser refuses it (prototype poisoning).
    const proto = await fetch(`${h.url}/api/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-user': 'user' },
      body: '{"name":"lamp","tags":[],"__proto__":{"isAdmin":true}}',
    });
    expect(proto.status).toBe(400);
    expect(await proto.json()).toMatchObject({ code: 'bad_request' });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses any query parameter on a route that declares none', async () => {
    const res = await call('GET', `/api/items/${ITEM_ID}?expand=owner`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/query/expand', detail: "Unknown parameter 'expand'" }]);
    expect((await call('GET', `/api/items/${ITEM_ID}`)).status).toBe(200);
  });

  it("keeps a provider's open payload open: unknown fields, nested ones and query parameters pass", async () => {
    const res = await call('POST', '/api/hooks/provider?source=retry', {
      body: { id: 'evt_1', added: true, data: { state: 'x', more: 1 } },
    });
    expect(res.status).toBe(200);
    expect((res.body.keys as string[]).toSorted()).toEqual(['added', 'data', 'id']);
  });

  it('treats a missing body as one error at /body', async () => {
    const res = await call('POST', '/api/items', { user: 'user' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.pointer).toBe('/body');
  });

  it('runs the handler with the declared success status', async () => {
    const res = await call('POST', '/api/items', { user: 'user', body: { name: 'lamp', tags: [] } });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('lamp of u');
  });

  it('hands the handler the caller its role let through', async () => {
    expect((await call('GET', `/api/items/${ITEM_ID}`)).body.name).toBe('first');
    expect((await call('GET', `/api/items/${ITEM_ID}`, { user: 'user' })).body.name).toBe('first, seen by u1');
  });

  it('enforces admin with 403 for signed-in non-admins', async () => {
    expect((await call('DELETE', `/api/items/${ITEM_ID}`, { user: 'user' })).status).toBe(403);
    const ok = await call('DELETE', `/api/items/${ITEM_ID}`, { user: 'admin' });
    expect(ok.status).toBe(204);
    expect(ok.body).toBeUndefined();
  });

  it('masks a response that breaks its schema as 500 and logs why', async () => {
    const res = await call('GET', '/api/broken');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('internal_error');
    expect(JSON.stringify(res.body)).not.toMatch(/createdAt|name/);
    const logged = h.logs.find((line) => line.reqId === res.body.instance);
    expect(JSON.stringify(logged)).toMatch(/ResponseValidationError.*brokenItem/);
  });

  it('answers 405 with Allow for a known path and 404 for an unknown API path', async () => {
    const wrongMethod = await call('PUT', '/api/items');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('HEAD, GET, POST');
    const unknown = await call('GET', '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toMatch(/^http:\/\/.+\/problems\/not-found$/);
  });
});

describe('bindRoutes in production', () => {
  it('does not parse responses (the check is a development guard)', async () => {
    const h = await harness(false);
    try {
      const res = await fetch(`${h.url}/api/broken`);
      expect(res.status).toBe(200);
    } finally {
      h.server.close();
    }
  });
});

describe('bindRoutes at start', () => {
  const router = () => new Router<AppState, AppContextExtras>();

  it('refuses to start when a route has no handler, naming each', () => {
    const { listItems: _l, createItem: _c, ...partial } = handlers;
    expect(() => bindRoutes(router(), routes, partial as HandlerMap, { validateResponses: true })).toThrow(
      'No handler for operationIds: listItems, createItem',
    );
  });

  it('refuses handlers that no contract route declares (typos)', () => {
    const extra = { ...handlers, getItems: handlers.getItem } as HandlerMap;
    expect(() => bindRoutes(router(), routes, extra, { validateResponses: true })).toThrow('Handlers without a contract route: getItems');
  });
});
