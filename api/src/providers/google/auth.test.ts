import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOidc, startFakeOidc } from '../../../test/fakes/oidc-server.ts';
import { createGoogleAuth, createGoogleDiscoveryCache, GOOGLE_ISSUER, GoogleAuthError, type GoogleAuthOptions } from './auth.ts';

const redirectUri = 'http://127.0.0.1:9/api/auth/google/callback';
const identity = { sub: '110248495921238986420', email: 'ann@example.test', email_verified: true, name: 'Ann <Example>' };

let idp: FakeOidc;
beforeAll(async () => {
  idp = await startFakeOidc({ identity, redirectUris: [redirectUri] });
});
afterAll(() => idp.close());
afterEach(() => {
  idp.setIdTokenOverrides(undefined);
  idp.setIdentity(identity);
});

const auth = (extra: Partial<GoogleAuthOptions> = {}) =>
  createGoogleAuth({ clientId: idp.clientId, clientSecret: idp.clientSecret, redirectUri, issuer: idp.issuer, ...extra });

/** Runs start() and the browser round trip; returns the pieces finish() needs. */
async function signIn(a = auth()) {
  const started = await a.start();
  const callbackUrl = await idp.authorize(started.authUrl);
  return { a, started, callbackUrl };
}

async function finishError(promise: Promise<unknown>): Promise<GoogleAuthError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof GoogleAuthError)) throw new Error(`expected GoogleAuthError, got ${String(err)}`);
  return err;
}

describe('createGoogleAuth against the fake OIDC provider', () => {
  it('start() builds an authorization URL with scope, PKCE S256, state, nonce and prompt', async () => {
    const { authUrl, state, nonce, codeVerifier } = await auth().start();
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/authorize`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(idp.clientId);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(redirectUri);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge')).not.toBe(codeVerifier);
    expect(q.get('state')).toBe(state);
    expect(q.get('nonce')).toBe(nonce);
    expect(q.get('prompt')).toBe('select_account');
    expect(new Set([state, nonce, codeVerifier]).size).toBe(3);
  });

  it('finish() completes the code flow and returns the identity', async () => {
    const { a, started, callbackUrl } = await signIn();
    const user = await a.finish({
      currentUrl: callbackUrl,
      state: started.state,
      nonce: started.nonce,
      codeVerifier: started.codeVerifier,
    });
    expect(user).toEqual({ sub: identity.sub, email: identity.email, emailVerified: true, name: 'Ann <Example>', picture: null });
    const tokenReq = idp.tokenRequests.at(-1);
    expect(tokenReq?.status).toBe(200);
    expect(tokenReq?.clientAuth).toBe('client_secret_post');
    expect(tokenReq?.params.get('code_verifier')).toBe(started.codeVerifier);
    expect(tokenReq?.params.get('redirect_uri')).toBe(redirectUri);
  });

  it('accepts the callback as a path + query (behind a proxy) and uses the configured redirect URI', async () => {
    const { a, started, callbackUrl } = await signIn();
    const u = new URL(callbackUrl);
    const user = await a.finish({ currentUrl: `${u.pathname}${u.search}`, ...started });
    expect(user.sub).toBe(identity.sub);
  });

  it('reports email_verified false and a missing email', async () => {
    idp.setIdentity({ sub: '42', email: 'bob@example.test', email_verified: false });
    const { a, started, callbackUrl } = await signIn();
    expect(await a.finish({ currentUrl: callbackUrl, ...started })).toEqual({
      sub: '42',
      email: 'bob@example.test',
      emailVerified: false,
      name: null,
      picture: null,
    });
    idp.setIdentity({ sub: '43' });
    const second = await signIn();
    expect(await second.a.finish({ currentUrl: second.callbackUrl, ...second.started })).toMatchObject({
      sub: '43',
      email: null,
      emailVerified: false,
    });
  });

  it('rejects a state mismatch before redeeming the code', async () => {
    const { a, started, callbackUrl } = await signIn();
    const tokenCalls = idp.tokenRequests.length;
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started, state: 'someone-elses-state' }));
    expect(err.code).toBe('invalid_callback');
    expect(err.message).toMatch(/state/);
    expect(idp.tokenRequests.length).toBe(tokenCalls);
  });

  it('rejects a nonce mismatch', async () => {
    const { a, started, callbackUrl } = await signIn();
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started, nonce: 'another-nonce' }));
    expect(err).toMatchObject({ code: 'invalid_id_token', claim: 'nonce' });
  });

  it('rejects an id_token issued for another audience', async () => {
    idp.setIdTokenOverrides({ aud: 'someone-else.apps.googleusercontent.com', azp: 'someone-else.apps.googleusercontent.com' });
    const { a, started, callbackUrl } = await signIn();
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started }));
    expect(err).toMatchObject({ code: 'invalid_id_token', claim: 'aud' });
  });

  it('rejects an expired id_token', async () => {
    idp.setIdTokenOverrides({ exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 });
    const { a, started, callbackUrl } = await signIn();
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started }));
    expect(err).toMatchObject({ code: 'invalid_id_token', claim: 'exp' });
  });

  it('rejects an id_token from an unexpected issuer', async () => {
    idp.setIdTokenOverrides({ iss: 'https://evil.example' });
    const { a, started, callbackUrl } = await signIn();
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started }));
    expect(err).toMatchObject({ code: 'invalid_id_token', claim: 'iss' });
  });

  it('accepts a configured legacy issuer form (like accounts.google.com) with all other checks still applied', async () => {
    idp.setIdTokenOverrides({ iss: 'legacy.issuer.test' });
    const first = await signIn(auth({ legacyIssuers: ['legacy.issuer.test'] }));
    const user = await first.a.finish({ currentUrl: first.callbackUrl, ...first.started });
    expect(user.sub).toBe(identity.sub);

    // The replayed validation still checks the nonce and the audience.
    const second = await signIn(auth({ legacyIssuers: ['legacy.issuer.test'] }));
    expect(await finishError(second.a.finish({ currentUrl: second.callbackUrl, ...second.started, nonce: 'x' }))).toMatchObject({
      claim: 'nonce',
    });
    idp.setIdTokenOverrides({ iss: 'legacy.issuer.test', aud: 'other', azp: 'other' });
    const third = await signIn(auth({ legacyIssuers: ['legacy.issuer.test'] }));
    expect(await finishError(third.a.finish({ currentUrl: third.callbackUrl, ...third.started }))).toMatchObject({ claim: 'aud' });
  });

  it('rejects an id_token signed with a key that is not in the JWKS', async () => {
    idp.setIdTokenOverrides({ signWithUnknownKey: true });
    const { a, started, callbackUrl } = await signIn();
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started }));
    expect(err).toMatchObject({ code: 'invalid_id_token', claim: 'signature' });
  });

  it('rejects a wrong PKCE verifier at the token endpoint', async () => {
    const { a, started, callbackUrl } = await signIn();
    const other = await a.start();
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started, codeVerifier: other.codeVerifier }));
    expect(err).toMatchObject({ code: 'token_exchange_failed', oauthError: 'invalid_grant' });
  });

  it('rejects a reused code', async () => {
    const { a, started, callbackUrl } = await signIn();
    await a.finish({ currentUrl: callbackUrl, ...started });
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started }));
    expect(err).toMatchObject({ code: 'token_exchange_failed', oauthError: 'invalid_grant' });
  });

  it('rejects a wrong client secret', async () => {
    const { a, started, callbackUrl } = await signIn(auth({ clientSecret: 'wrong' }));
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started }));
    expect(err).toMatchObject({ code: 'token_exchange_failed', oauthError: 'invalid_client' });
  });

  it('maps a cancelled consent (error=access_denied) to access_denied', async () => {
    idp.denyNext('access_denied');
    const { a, started, callbackUrl } = await signIn();
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
    const err = await finishError(a.finish({ currentUrl: callbackUrl, ...started }));
    expect(err).toMatchObject({ code: 'access_denied', oauthError: 'access_denied' });
  });

  it('caches discovery per issuer and client in a shared cache', async () => {
    const cache = createGoogleDiscoveryCache();
    const before = idp.discoveryRequests();
    const one = auth({ discoveryCache: cache });
    const two = auth({ discoveryCache: cache });
    await Promise.all([one.start(), one.start(), two.start()]);
    expect(idp.discoveryRequests() - before).toBe(1);
    await auth({ discoveryCache: cache, clientId: 'another-client' }).start();
    expect(idp.discoveryRequests() - before).toBe(2);
  });

  it('reports an unreachable provider as provider_unavailable and does not cache the failure', async () => {
    const dead = await startFakeOidc();
    const issuer = dead.issuer;
    await dead.close();
    const cache = createGoogleDiscoveryCache();
    const a = createGoogleAuth({ clientId: 'c', clientSecret: 's', redirectUri, issuer, discoveryCache: cache, timeoutSeconds: 2 });
    const err = await finishError(a.start());
    expect(err.code).toBe('provider_unavailable');
    expect(cache.entries.size).toBe(0);
  });

  it('defaults to Google and refuses plain http for anything but 127.0.0.1', async () => {
    expect(GOOGLE_ISSUER).toBe('https://accounts.google.com');
    const a = createGoogleAuth({ clientId: 'c', clientSecret: 's', redirectUri, issuer: 'http://localhost:1/', timeoutSeconds: 2 });
    const err = await finishError(a.start());
    expect(err.code).toBe('provider_unavailable');
    expect(String((err.cause as Error | undefined)?.message)).toMatch(/HTTPS/i);
  });
});
