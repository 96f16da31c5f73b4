/**
 * A local OpenID provider shaped like Google's (provider docs): discovery, an auto-consenting /authorize,
 * a /token endpoint that checks the client secret and the PKCE verifier and returns an RS256 id_token,
 * /jwks and /userinfo. Keys are generated with WebCrypto at start.
 *
 *   const idp = await startFakeOidc({ identity: { sub: '1001', email: 'ann@example.test', email_verified: true, name: 'Ann' } });
 *   const auth = createGoogleAuth({ clientId: idp.clientId, clientSecret: idp.clientSecret, redirectUri, issuer: idp.issuer });
 *   const { authUrl, ...checks } = await auth.start();
 *   const callbackUrl = await idp.authorize(authUrl);     // what the browser would land on
 *   const user = await auth.finish({ currentUrl: callbackUrl, ...checks });
 */
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeOidcIdentity = { sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string };

/** Changes to the next id_tokens, to test rejection paths. `null` removes a claim. */
export type IdTokenOverrides = {
  iss?: string | null;
  aud?: string | string[] | null;
  azp?: string | null;
  nonce?: string | null;
  sub?: string | null;
  /** Seconds since the epoch. */
  exp?: number | null;
  iat?: number | null;
  /** Sign with a key that is not in /jwks (same kid), i.e. a forged token. */
  signWithUnknownKey?: boolean;
};

export type FakeOidcOptions = {
  clientId?: string;
  clientSecret?: string;
  /** When given, /authorize and /token only accept these redirect URIs. */
  redirectUris?: string[];
  identity?: FakeOidcIdentity;
  /** id_token lifetime; default 3600 s. */
  idTokenTtlSec?: number;
};

export type FakeOidcTokenRequest = {
  params: URLSearchParams;
  clientAuth: 'client_secret_post' | 'client_secret_basic' | 'none';
  status: number;
};

export type FakeOidc = {
  /** Issuer identifier (`http://127.0.0.1:<port>`), also the base URL. */
  issuer: string;
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  setIdentity(identity: FakeOidcIdentity): void;
  setIdTokenOverrides(overrides: IdTokenOverrides | undefined): void;
  /** The next /authorize answers with `?error=<error>&state=...` (e.g. the user pressed cancel). */
  denyNext(error?: string): void;
  /** Opens an authorization URL like a browser and returns the redirect (callback) URL it is sent to. */
  authorize(authUrl: string): Promise<string>;
  authorizeRequests: URLSearchParams[];
  tokenRequests: FakeOidcTokenRequest[];
  discoveryRequests(): number;
};

type CodeRecord = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  scope: string;
  identity: FakeOidcIdentity;
  expiresAt: number;
  used: boolean;
};

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const RSA = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeOidc(options: FakeOidcOptions = {}): Promise<FakeOidc> {
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const ttl = options.idTokenTtlSec ?? 3600;
  let identity: FakeOidcIdentity = options.identity ?? {
    sub: '110248495921238986420',
    email: 'ann@example.test',
    email_verified: true,
    name: 'Ann Example',
  };
  let overrides: IdTokenOverrides | undefined;
  let denial: string | undefined;
  const codes = new Map<string, CodeRecord>();
  const accessTokens = new Map<string, FakeOidcIdentity>();
  const authorizeRequests: URLSearchParams[] = [];
  const tokenRequests: FakeOidcTokenRequest[] = [];
  let discoveryCount = 0;

  const kid = b64url(randomBytes(8));
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const rogue = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const publicJwk = await webcrypto.subtle.exportKey('jwk', keys.publicKey);

  const signJwt = async (claims: Record<string, unknown>, key: webcrypto.CryptoKey) => {
    const input = `${b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
    const sig = await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(input));
    return `${input}.${b64url(new Uint8Array(sig))}`;
  };

  let issuer = '';

  const discovery = () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'picture', 'sub'],
    code_challenge_methods_supported: ['plain', 'S256'],
    grant_types_supported: ['authorization_code'],
  });

  const authorizeLocation = (q: URLSearchParams): { status: number; location?: string; error?: string } => {
    authorizeRequests.push(q);
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== clientId) return { status: 400, error: 'invalid_client: The OAuth client was not found.' };
    if (!redirectUri || (options.redirectUris && !options.redirectUris.includes(redirectUri))) {
      return { status: 400, error: 'redirect_uri_mismatch' };
    }
    const target = new URL(redirectUri);
    const state = q.get('state');
    const reject = (error: string) => {
      target.searchParams.set('error', error);
      if (state !== null) target.searchParams.set('state', state);
      return { status: 302, location: target.toString() };
    };
    if (denial) {
      const error = denial;
      denial = undefined;
      return reject(error);
    }
    if (q.get('response_type') !== 'code') return reject('unsupported_response_type');
    if (!(q.get('scope') ?? '').split(' ').includes('openid')) return reject('invalid_scope');
    const challenge = q.get('code_challenge');
    if (!challenge || q.get('code_challenge_method') !== 'S256') return reject('invalid_request');
    const code = `4/0A${b64url(randomBytes(24))}`;
    codes.set(code, {
      clientId,
      redirectUri,
      codeChallenge: challenge,
      nonce: q.get('nonce') ?? undefined,
      scope: q.get('scope') ?? '',
      identity: { ...identity },
      expiresAt: Date.now() + 60_000,
      used: false,
    });
    target.searchParams.set('code', code);
    if (state !== null) target.searchParams.set('state', state);
    target.searchParams.set('scope', 'email profile openid');
    target.searchParams.set('authuser', '0');
    target.searchParams.set('prompt', 'none');
    return { status: 302, location: target.toString() };
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const params = new URLSearchParams(await readBody(req));
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    let clientAuth: FakeOidcTokenRequest['clientAuth'] = 'none';
    let id = params.get('client_id');
    let secret = params.get('client_secret');
    if (basic?.[1]) {
      clientAuth = 'client_secret_basic';
      const [u = '', p = ''] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      id = decodeURIComponent(u);
      secret = decodeURIComponent(p);
    } else if (secret !== null) {
      clientAuth = 'client_secret_post';
    }
    const record: FakeOidcTokenRequest = { params, clientAuth, status: 0 };
    tokenRequests.push(record);
    const fail = (status: number, error: string, description: string) => {
      record.status = status;
      sendJson(res, status, { error, error_description: description });
    };
    if (id !== clientId || secret !== clientSecret) return fail(401, 'invalid_client', 'Unauthorized');
    if (params.get('grant_type') !== 'authorization_code') return fail(400, 'unsupported_grant_type', 'Invalid grant_type');
    const code = codes.get(params.get('code') ?? '');
    if (!code || code.used || code.expiresAt < Date.now()) return fail(400, 'invalid_grant', 'Malformed auth code.');
    code.used = true;
    if (params.get('redirect_uri') !== code.redirectUri) return fail(400, 'redirect_uri_mismatch', 'Bad Request');
    const verifier = params.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge)
      return fail(400, 'invalid_grant', 'Invalid code verifier.');

    const now = Math.floor(Date.now() / 1000);
    const accessToken = `ya29.${b64url(randomBytes(32))}`;
    accessTokens.set(accessToken, code.identity);
    const claims: Record<string, unknown> = {
      iss: issuer,
      azp: clientId,
      aud: clientId,
      sub: code.identity.sub,
      ...(code.identity.email === undefined ? {} : { email: code.identity.email, email_verified: code.identity.email_verified ?? false }),
      at_hash: b64url(createHash('sha256').update(accessToken).digest().subarray(0, 16)),
      ...(code.nonce === undefined ? {} : { nonce: code.nonce }),
      ...(code.identity.name === undefined ? {} : { name: code.identity.name }),
      ...(code.identity.picture === undefined ? {} : { picture: code.identity.picture }),
      iat: now,
      exp: now + ttl,
    };
    const o = overrides ?? {};
    for (const claim of ['iss', 'aud', 'azp', 'nonce', 'sub', 'exp', 'iat'] as const) {
      if (o[claim] === null) delete claims[claim];
      else if (o[claim] !== undefined) claims[claim] = o[claim];
    }
    const idToken = await signJwt(claims, o.signWithUnknownKey ? rogue.privateKey : keys.privateKey);
    record.status = 200;
    sendJson(res, 200, { access_token: accessToken, expires_in: 3599, scope: code.scope, token_type: 'Bearer', id_token: idToken });
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
        discoveryCount++;
        return sendJson(res, 200, discovery());
      }
      if (req.method === 'GET' && url.pathname === '/jwks') {
        return sendJson(res, 200, { keys: [{ ...publicJwk, kid, use: 'sig', alg: 'RS256' }] });
      }
      if (req.method === 'GET' && url.pathname === '/authorize') {
        const r = authorizeLocation(url.searchParams);
        if (r.location) {
          res.writeHead(302, { location: r.location });
          return res.end();
        }
        res.writeHead(r.status, { 'content-type': 'text/plain' });
        return res.end(r.error);
      }
      if (req.method === 'POST' && url.pathname === '/token') return token(req, res);
      if (url.pathname === '/userinfo') {
        const who = accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
        if (!who) return sendJson(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
        return sendJson(res, 200, who);
      }
      sendJson(res, 404, { error: 'not_found' });
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'server_error', error_description: String(err) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    url: issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
    setIdentity: (i) => {
      identity = i;
    },
    setIdTokenOverrides: (o) => {
      overrides = o;
    },
    denyNext: (error = 'access_denied') => {
      denial = error;
    },
    authorize: async (authUrl) => {
      const res = await fetch(authUrl, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`fake oidc: /authorize answered ${res.status}: ${await res.text()}`);
      return location;
    },
    authorizeRequests,
    tokenRequests,
    discoveryRequests: () => discoveryCount,
  };
}
