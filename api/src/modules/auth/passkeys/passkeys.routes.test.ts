import type { AccountSecurity, AuditEvent, Passkey } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionCookieOf, signIn, startTestServer, type TestServer, type TestUser } from '../../../../test/index.ts';
import { SoftAuthenticator } from '../testing/soft-authenticator.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type CreationOptions = { challenge: string; rp: { id?: string; name: string }; user: { id: string; name: string } };
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

async function addPasskey(cookie: string, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await server.request<CreationOptions>('POST', '/api/user/passkeys/options', { cookie });
  expect(options.status).toBe(200);
  return server.request<Passkey>('POST', '/api/user/passkeys', { cookie, body: { name, response: authenticator.register(options.body) } });
}

const signInOptions = async (purpose: 'sign_in' | 'second_factor' | 'step_up', cookie?: string) =>
  (await server.request<RequestOptions>('POST', '/api/auth/passkey/options', { cookie, body: { purpose } })).body;

async function newUserWithPasskey(): Promise<{ user: TestUser; cookie: string; authenticator: SoftAuthenticator; passkey: Passkey }> {
  const user = await createUser(server);
  const cookie = await signIn(server, user);
  const authenticator = new SoftAuthenticator(server.url);
  const added = await addPasskey(cookie, authenticator);
  expect(added.status).toBe(201);
  return { user, cookie, authenticator, passkey: added.body };
}

describe('passkeys', () => {
  it('registers with options for this site, is listed by name and counts as a second factor', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const options = await server.request<CreationOptions>('POST', '/api/user/passkeys/options', { cookie });
    expect(options.body.rp.id).toBe('127.0.0.1');
    expect(options.body.user.name).toBe(user.username);
    const authenticator = new SoftAuthenticator(server.url);
    const added = await server.request<Passkey>('POST', '/api/user/passkeys', {
      cookie,
      body: { name: 'YubiKey', response: authenticator.register(options.body) },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'YubiKey', lastUsedAt: null });

    const overview = await server.request<AccountSecurity>('GET', '/api/user/security', { cookie });
    expect(overview.body.passkeys.map((passkey) => passkey.name)).toEqual(['YubiKey']);
    expect(overview.body.secondFactor).toBe(true);
    const renamed = await server.request<Passkey>('PATCH', `/api/user/passkeys/${added.body.id}`, { cookie, body: { name: 'Blue key' } });
    expect(renamed.body.name).toBe('Blue key');
    const events = await server.request<{ data: AuditEvent[] }>('GET', '/api/user/security-events', { cookie });
    expect(events.body.data[0]).toMatchObject({ action: 'passkey.added', details: { name: 'YubiKey' } });
  });

  it('refuses an answer from another site and a registration challenge used twice', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const options = await server.request<CreationOptions>('POST', '/api/user/passkeys/options', { cookie });
    const phishing = new SoftAuthenticator('https://studio.example.net');
    const foreign = await server.request('POST', '/api/user/passkeys', {
      cookie,
      body: { name: 'x', response: phishing.register(options.body) },
    });
    expect(foreign.status).toBe(400);
    // Its challenge is used up, so even a genuine answer to it fails now.
    const genuine = new SoftAuthenticator(server.url);
    const replay = await server.request('POST', '/api/user/passkeys', {
      cookie,
      body: { name: 'x', response: genuine.register(options.body) },
    });
    expect(replay.status).toBe(400);
  });

  it('signs in alone (discoverable), updates its last use, and never answers one challenge twice', async () => {
    const { user, authenticator } = await newUserWithPasskey();
    const options = await signInOptions('sign_in');
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = authenticator.authenticate(options);
    const signedIn = await server.request<{ user: { id: string } }>('POST', '/api/auth/passkey', { body: { passkey: answer } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(user.id);
    const cookie = sessionCookieOf(signedIn) ?? '';
    const overview = await server.request<AccountSecurity>('GET', '/api/user/security', { cookie });
    expect(overview.body.passkeys[0]?.lastUsedAt).not.toBeNull();

    const replayed = await server.request<{ code: string }>('POST', '/api/auth/passkey', { body: { passkey: answer } });
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe('passkey_invalid');
  });

  it('a removed passkey no longer signs in', async () => {
    const { cookie, authenticator, passkey } = await newUserWithPasskey();
    expect((await server.request('DELETE', `/api/user/passkeys/${passkey.id}`, { cookie })).status).toBe(204);
    const refused = await server.request('POST', '/api/auth/passkey', {
      body: { passkey: authenticator.authenticate(await signInOptions('sign_in')) },
    });
    expect(refused.status).toBe(401);
  });

  it("cannot remove or rename someone else's passkey", async () => {
    const { passkey } = await newUserWithPasskey();
    const stranger = await signIn(server, await createUser(server));
    expect((await server.request('DELETE', `/api/user/passkeys/${passkey.id}`, { cookie: stranger })).status).toBe(404);
    expect((await server.request('PATCH', `/api/user/passkeys/${passkey.id}`, { cookie: stranger, body: { name: 'mine' } })).status).toBe(
      404,
    );
  });

  it('finishes a password sign-in as the second factor, and confirms a step-up', async () => {
    const { user, cookie, authenticator } = await newUserWithPasskey();
    const password = await server.request<{ secondFactor: { methods: string[] } }>('POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(password.status).toBe(202);
    expect(password.body.secondFactor.methods).toEqual(['passkey']);
    const pending = password.cookies.find((line) => line.startsWith('sfa='))?.split(';')[0] ?? '';
    const options = (
      await server.request<RequestOptions>('POST', '/api/auth/passkey/options', { cookie: pending, body: { purpose: 'second_factor' } })
    ).body;
    expect(options.allowCredentials?.length).toBe(1);
    const finished = await server.request('POST', '/api/auth/login/second-factor', {
      cookie: pending,
      body: { passkey: authenticator.authenticate(options) },
    });
    expect(finished.status).toBe(200);

    const stepUp = await server.request('POST', '/api/auth/step-up', {
      cookie,
      body: { passkey: authenticator.authenticate(await signInOptions('step_up', cookie)) },
    });
    expect(stepUp.status).toBe(200);
    // Another account's passkey does not confirm this one.
    const other = await newUserWithPasskey();
    const foreign = await server.request('POST', '/api/auth/step-up', {
      cookie,
      body: { passkey: other.authenticator.authenticate(await signInOptions('step_up', cookie)) },
    });
    expect(foreign.status).toBe(400);
  });
});
