import type { RemoteManifest } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, startTestServer, type TestServer } from '../../../test/index.ts';
import type { AppContext } from '../../http/context.ts';
import { User } from '../users/index.ts';
import { ApiToken } from './api-token.entity.ts';
import { hashToken } from './token.service.ts';

describe('bearer API tokens', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No automation route exists yet, so one public route echoes who the resolvers said is calling.
    server = await startTestServer({
      handlers: {
        getRemoteManifest: async (ctx: AppContext) => ({
          status: 200,
          body: { remotes: { tokenUser: ctx.state.tokenUser?.id ?? 'none', user: ctx.state.user?.id ?? 'none' } },
        }),
      },
    });
  });
  afterAll(() => server.close());

  const whoIs = async (authorization?: string) => {
    const res = await server.request<RemoteManifest>('GET', '/api/remotes', { headers: authorization ? { authorization } : {} });
    return res.body.remotes;
  };
  const lastUsed = async (token: string) =>
    (await server.orm.em.fork().findOneOrFail(ApiToken, { tokenHash: hashToken(token) })).lastUsed?.getTime() ?? null;

  it('sets tokenUser (and not user) from Authorization: Bearer, and records lastUsed', async () => {
    const owner = await createUser(server);
    const token = await createToken(server, owner);
    expect(await lastUsed(token)).toBeNull();
    expect(await whoIs(`Bearer ${token}`)).toEqual({ tokenUser: owner.id, user: 'none' });
    expect(await lastUsed(token)).toBeGreaterThan(Date.now() - 60_000);
    expect(await whoIs(`bearer   ${token}`)).toMatchObject({ tokenUser: owner.id });
  });

  it('writes lastUsed at most once a minute', async () => {
    const token = await createToken(server, await createUser(server));
    await whoIs(`Bearer ${token}`);
    const first = await lastUsed(token);
    await whoIs(`Bearer ${token}`);
    expect(await lastUsed(token)).toBe(first);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await server.orm.em.fork().nativeUpdate(ApiToken, { tokenHash: hashToken(token) }, { lastUsed: twoMinutesAgo });
    await whoIs(`Bearer ${token}`);
    expect(await lastUsed(token)).toBeGreaterThan(twoMinutesAgo.getTime());
  });

  it('refuses unknown, malformed, deactivated and deleted tokens, and tokens of disabled users', async () => {
    const owner = await createUser(server);
    const token = await createToken(server, owner);
    expect((await whoIs(`Bearer nbk_${'x'.repeat(43)}`)).tokenUser).toBe('none');
    expect((await whoIs(`Basic ${token}`)).tokenUser).toBe('none');
    expect((await whoIs(token)).tokenUser).toBe('none');
    expect((await whoIs(`Bearer ${token}x`)).tokenUser).toBe('none');

    const em = server.orm.em.fork();
    await em.nativeUpdate(User, { id: owner.id }, { isActive: false });
    expect((await whoIs(`Bearer ${token}`)).tokenUser).toBe('none');
    await em.nativeUpdate(User, { id: owner.id }, { isActive: true });
    expect((await whoIs(`Bearer ${token}`)).tokenUser).toBe(owner.id);

    await em.nativeUpdate(ApiToken, { tokenHash: hashToken(token) }, { isActive: false });
    expect((await whoIs(`Bearer ${token}`)).tokenUser).toBe('none');
    await em.nativeDelete(ApiToken, { tokenHash: hashToken(token) });
    await em.nativeUpdate(User, { id: owner.id }, { isActive: true });
    expect((await whoIs(`Bearer ${token}`)).tokenUser).toBe('none');
  });
});
