import { createHash } from 'node:crypto';
import type { Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, signIn, startTestServer, type TestServer, type TestUser } from '../../../test/index.ts';
import { ApiToken } from './api-token.entity.ts';
import { MAX_TOKENS_PER_USER } from './token.service.ts';

interface Listed {
  id: string;
  name: string;
  maskedToken: string;
  isActive: boolean;
  createdAt: string;
  lastUsed: string | null;
  token?: string;
}

describe('API token routes', () => {
  let server: TestServer;
  let alice: TestUser;
  let aliceCookie: string;
  let bob: TestUser;
  let bobCookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUser(server);
    aliceCookie = await signIn(server, alice);
    bob = await createUser(server);
    bobCookie = await signIn(server, bob);
  });
  afterAll(() => server.close());

  const list = (cookie?: string) => server.request<Listed[] & Problem>('GET', '/api/user-tokens', { cookie });
  const create = (cookie: string | undefined, body: unknown) =>
    server.request<Listed & Problem>('POST', '/api/user-tokens', { cookie, body });
  const remove = (cookie: string | undefined, id: string) => server.request<Problem>('DELETE', `/api/user-tokens/${id}`, { cookie });

  it('answer 401 to visitors on every route', async () => {
    expect((await list()).status).toBe(401);
    expect((await create(undefined, { name: 'x' })).status).toBe(401);
    expect((await remove(undefined, crypto.randomUUID())).status).toBe(401);
  });

  it('do not accept an API token in place of the session (tokens are for the automation API)', async () => {
    const token = await createToken(server, alice);
    const res = await server.request('GET', '/api/user-tokens', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });

  it('create: 201 with the full token once; only its SHA-256 is stored', async () => {
    const res = await create(aliceCookie, { name: '  n8n production  ' });
    expect(res.status).toBe(201);
    const { token } = res.body;
    expect(token).toMatch(/^nbk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token?.slice(4) ?? '', 'base64url')).toHaveLength(32);
    expect(res.body).toMatchObject({
      name: 'n8n production',
      isActive: true,
      lastUsed: null,
      maskedToken: `nbk_••••••••${token?.slice(-4)}`,
    });
    const row = await server.orm.em.fork().findOneOrFail(ApiToken, { id: res.body.id });
    expect(row.tokenHash).toBe(
      createHash('sha256')
        .update(token ?? '')
        .digest('hex'),
    );
    expect(JSON.stringify(row)).not.toContain(token?.slice(4));
  });

  it('create: 400 with a pointer for a blank or too long name', async () => {
    const blank = await create(aliceCookie, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ pointer: '/body/name', detail: 'Token name is required' }]);
    const long = await create(aliceCookie, { name: 'x'.repeat(101) });
    expect(long.body.errors?.[0]?.pointer).toBe('/body/name');
    expect((await create(aliceCookie, {})).status).toBe(400);
  });

  it('list: own tokens only, newest first, masked, never the token or its hash', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const first = await create(cookie, { name: 'first' });
    const second = await create(cookie, { name: 'second' });
    await create(bobCookie, { name: 'not yours' });
    const res = await list(cookie);
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.id)).toEqual([second.body.id, first.body.id]);
    for (const listed of res.body) {
      expect(listed.maskedToken).toMatch(/^nbk_•{8}[A-Za-z0-9_-]{4}$/);
      expect(listed).not.toHaveProperty('token');
    }
    expect(res.text).not.toMatch(/tokenHash|[0-9a-f]{64}/);
    expect(res.text).not.toContain(first.body.token);
  });

  it("delete: 204 for one's own token, which is then gone", async () => {
    const created = await create(aliceCookie, { name: 'to delete' });
    expect((await remove(aliceCookie, created.body.id)).status).toBe(204);
    expect((await list(aliceCookie)).body.map((t) => t.id)).not.toContain(created.body.id);
    expect((await remove(aliceCookie, created.body.id)).status).toBe(404);
  });

  it("user B can neither see nor delete user A's token: 404, as if it did not exist", async () => {
    const created = await create(aliceCookie, { name: 'alice only' });
    expect((await list(bobCookie)).body.map((t) => t.id)).not.toContain(created.body.id);
    const res = await remove(bobCookie, created.body.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(await server.orm.em.fork().count(ApiToken, { id: created.body.id })).toBe(1);
  });

  it('delete: 400 with a pointer for an id that is not a UUID', async () => {
    const res = await remove(aliceCookie, 'not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.pointer).toBe('/params/id');
  });

  it(`create: 409 once a user holds ${MAX_TOKENS_PER_USER} tokens`, async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    for (let i = 0; i < MAX_TOKENS_PER_USER; i += 1) await createToken(server, user, `t${i}`);
    const res = await create(cookie, { name: 'one too many' });
    expect(res.status).toBe(409);
    const [newest] = (await list(cookie)).body;
    await remove(cookie, newest?.id ?? '');
    expect((await create(cookie, { name: 'room again' })).status).toBe(201);
  });
});
