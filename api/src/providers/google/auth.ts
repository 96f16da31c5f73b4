import * as oidc from 'openid-client';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Google also puts this legacy form into `iss` (provider docs); both are accepted for Google's issuer. */
export const GOOGLE_LEGACY_ISSUER = 'accounts.google.com';
export const GOOGLE_SCOPE = 'openid email profile';

/** Discovered provider metadata, shared across `createGoogleAuth` instances (create one per process). */
export type GoogleDiscoveryCache = {
  readonly ttlMs: number;
  readonly entries: Map<string, { metadata: Promise<oidc.ServerMetadata>; fetchedAt: number; jwks?: oidc.ExportedJWKSCache }>;
};

/** Metadata is re-discovered after `ttlMs` (default 1 hour); failed discoveries are not cached. */
export function createGoogleDiscoveryCache(ttlMs = 60 * 60 * 1000): GoogleDiscoveryCache {
  return { ttlMs, entries: new Map() };
}

export type GoogleAuthOptions = {
  clientId: string;
  clientSecret: string;
  /** Must exactly match a redirect URI registered for the client. */
  redirectUri: string;
  /** Default `https://accounts.google.com`; tests pass the fake provider's `http://127.0.0.1:<port>`. */
  issuer?: string;
  /** Other `iss` values to accept. Default: `accounts.google.com` for Google's issuer, none otherwise. */
  legacyIssuers?: string[];
  /** Share one cache between instances; by default each instance has its own. */
  discoveryCache?: GoogleDiscoveryCache;
  /** Per-request timeout in seconds; default 15. */
  timeoutSeconds?: number;
};

/** Values to keep (httpOnly cookie, ~10 min) between `start()` and `finish()`; send the user to `authUrl`. */
export type GoogleAuthStart = { authUrl: string; state: string; nonce: string; codeVerifier: string };

export type GoogleIdentity = {
  /** The stable Google account id: use it as the account key. */
  sub: string;
  email: string | null;
  /** Only trust `email` (e.g. to link accounts) when this is true. */
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

export type GoogleAuthErrorCode =
  | 'access_denied' // the user cancelled, or Google returned another `error=` on the callback
  | 'invalid_callback' // state mismatch or missing, missing code, wrong issuer on the callback
  | 'token_exchange_failed' // the token endpoint refused the code (expired, reused, wrong verifier or secret)
  | 'invalid_id_token' // nonce, aud, iss, exp or signature check failed
  | 'provider_unavailable'; // discovery, network or timeout failure

export class GoogleAuthError extends Error {
  override readonly name = 'GoogleAuthError';
  readonly code: GoogleAuthErrorCode;
  /** For `invalid_id_token`: the claim that failed (`nonce`, `aud`, `iss`, `exp`, ...), when known. */
  readonly claim: string | undefined;
  /** For `access_denied` / `token_exchange_failed`: the OAuth `error` value. */
  readonly oauthError: string | undefined;

  constructor(code: GoogleAuthErrorCode, message: string, extra: { claim?: string; oauthError?: string; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.code = code;
    this.claim = extra.claim;
    this.oauthError = extra.oauthError;
  }
}

export type GoogleAuth = {
  start(): Promise<GoogleAuthStart>;
  /**
   * Completes the callback: `currentUrl` is the callback URL (absolute or just its path and query; only the
   * query is read, the redirect URI is taken from the options). Validates state, PKCE, nonce, iss, aud, exp
   * and the id_token signature through openid-client, and returns the signed-in identity.
   */
  finish(input: { currentUrl: string | URL; state: string; nonce: string; codeVerifier: string }): Promise<GoogleIdentity>;
};

const isLocalHttp = (url: URL) => url.protocol === 'http:' && url.hostname === '127.0.0.1';

type Inner = { code?: string; message?: string; cause?: { claim?: unknown; claims?: { iss?: unknown } } };

/** The OperationProcessingError openid-client wraps in a ClientError, if any. */
function innerOf(err: unknown): Inner | undefined {
  if (!(err instanceof oidc.ClientError)) return undefined;
  const cause = err.cause as Inner | undefined;
  return typeof cause === 'object' && cause !== null ? cause : undefined;
}

function toAuthError(err: unknown): GoogleAuthError {
  if (err instanceof GoogleAuthError) return err;
  if (err instanceof oidc.AuthorizationResponseError) {
    return new GoogleAuthError('access_denied', `Google sign-in was not completed: ${err.error}`, { oauthError: err.error, cause: err });
  }
  if (err instanceof oidc.ResponseBodyError) {
    return new GoogleAuthError('token_exchange_failed', `Google token endpoint refused the code: ${err.error}`, {
      oauthError: err.error,
      cause: err,
    });
  }
  if (err instanceof oidc.ClientError) {
    const inner = innerOf(err);
    const innerMessage = inner?.message ?? err.message;
    const claim = typeof inner?.cause?.claim === 'string' ? inner.cause.claim : undefined;
    switch (err.code) {
      case 'OAUTH_JWT_CLAIM_COMPARISON_FAILED':
      case 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED':
      case 'OAUTH_KEY_SELECTION_FAILED':
        return new GoogleAuthError('invalid_id_token', `Google id_token rejected: ${innerMessage}`, {
          ...(claim ? { claim } : {}),
          cause: err,
        });
      case 'OAUTH_INVALID_RESPONSE':
        if (/signature/i.test(innerMessage)) {
          return new GoogleAuthError('invalid_id_token', `Google id_token rejected: ${innerMessage}`, { claim: 'signature', cause: err });
        }
        if (/"state"|"iss"|"code"/.test(innerMessage))
          return new GoogleAuthError('invalid_callback', `Google callback rejected: ${innerMessage}`, { cause: err });
        return new GoogleAuthError('token_exchange_failed', `Google token response rejected: ${innerMessage}`, { cause: err });
      case 'OAUTH_TIMEOUT':
      case 'OAUTH_ABORT':
        return new GoogleAuthError('provider_unavailable', `Google did not answer: ${err.message}`, { cause: err });
      case 'OAUTH_RESPONSE_IS_NOT_CONFORM':
      case 'OAUTH_RESPONSE_IS_NOT_JSON':
        return new GoogleAuthError('provider_unavailable', `Google answered unexpectedly: ${err.message}`, { cause: err });
    }
    return new GoogleAuthError('token_exchange_failed', `Google sign-in failed: ${innerMessage}`, { cause: err });
  }
  return new GoogleAuthError('provider_unavailable', `Google sign-in failed: ${String(err)}`, { cause: err });
}

function identityOf(claims: oidc.IDToken | undefined): GoogleIdentity {
  if (!claims) throw new GoogleAuthError('invalid_id_token', 'Google returned no id_token');
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  return {
    sub: claims.sub,
    email: str(claims.email),
    // Older Google tokens sent the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: str(claims.name),
    picture: str(claims.picture),
  };
}

/** Google sign-in (OIDC authorization-code flow with PKCE, state and nonce) on top of openid-client v6. */
export function createGoogleAuth(options: GoogleAuthOptions): GoogleAuth {
  const issuerUrl = new URL(options.issuer ?? GOOGLE_ISSUER);
  const insecure = isLocalHttp(issuerUrl);
  const legacyIssuers = options.legacyIssuers ?? (issuerUrl.href === new URL(GOOGLE_ISSUER).href ? [GOOGLE_LEGACY_ISSUER] : []);
  const cache = options.discoveryCache ?? createGoogleDiscoveryCache();
  const cacheKey = `${issuerUrl.href}\n${options.clientId}`;
  const redirectUri = new URL(options.redirectUri).href;
  const timeout = options.timeoutSeconds ?? 15;

  const metadata = (): Promise<oidc.ServerMetadata> => {
    const hit = cache.entries.get(cacheKey);
    if (hit && Date.now() - hit.fetchedAt < cache.ttlMs) return hit.metadata;
    const entry = {
      fetchedAt: Date.now(),
      metadata: oidc
        .discovery(issuerUrl, options.clientId, options.clientSecret, undefined, {
          timeout,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .then((config) => config.serverMetadata()),
    };
    cache.entries.set(cacheKey, entry);
    entry.metadata.catch(() => {
      if (cache.entries.get(cacheKey) === entry) cache.entries.delete(cacheKey);
    });
    return entry.metadata;
  };

  const configFor = (server: oidc.ServerMetadata, fetchImpl?: oidc.CustomFetch) => {
    const config = new oidc.Configuration(server, options.clientId, options.clientSecret);
    if (insecure) oidc.allowInsecureRequests(config);
    config.timeout = timeout;
    if (fetchImpl) config[oidc.customFetch] = fetchImpl;
    oidc.enableNonRepudiationChecks(config); // also verify the id_token signature with the provider's JWKS
    const jwks = cache.entries.get(cacheKey)?.jwks;
    if (jwks) oidc.setJwksCache(config, jwks);
    return config;
  };

  const keepJwks = (config: oidc.Configuration) => {
    const jwks = oidc.getJwksCache(config);
    const entry = cache.entries.get(cacheKey);
    if (jwks && entry) entry.jwks = jwks;
  };

  return {
    async start() {
      let server: oidc.ServerMetadata;
      try {
        server = await metadata();
      } catch (err) {
        throw new GoogleAuthError('provider_unavailable', `Google discovery failed: ${String((err as Error).message ?? err)}`, {
          cause: err,
        });
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const authUrl = oidc.buildAuthorizationUrl(configFor(server), {
        redirect_uri: redirectUri,
        scope: GOOGLE_SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { authUrl: authUrl.href, state, nonce, codeVerifier };
    },

    async finish(input) {
      let server: oidc.ServerMetadata;
      try {
        server = await metadata();
      } catch (err) {
        throw new GoogleAuthError('provider_unavailable', `Google discovery failed: ${String((err as Error).message ?? err)}`, {
          cause: err,
        });
      }
      // Rebuild the callback URL on the configured redirect URI, so the token request's redirect_uri matches the
      // authorization request even behind a proxy that changes host or scheme.
      const given = typeof input.currentUrl === 'string' ? new URL(input.currentUrl, redirectUri) : input.currentUrl;
      const callback = new URL(redirectUri);
      callback.search = given.search;

      const checks: oidc.AuthorizationCodeGrantChecks = {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.state,
        expectedNonce: input.nonce,
        idTokenExpected: true,
      };
      const tokenEndpoint = server.token_endpoint ? new URL(server.token_endpoint).href : undefined;
      let captured: { status: number; headers: [string, string][]; body: string } | undefined;
      const capturing: oidc.CustomFetch = async (url, init) => {
        const res = await fetch(url, init as RequestInit);
        if (url === tokenEndpoint && init.method === 'POST') {
          captured = { status: res.status, headers: [...res.headers], body: await res.clone().text() };
        }
        return res;
      };

      const config = configFor(server, capturing);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, checks);
        keepJwks(config);
        return identityOf(tokens.claims());
      } catch (err) {
        // The code is single-use, so a token whose `iss` is an accepted legacy form is validated again by the library
        // from the captured token response, with that form as the expected issuer (everything else unchanged).
        const inner = innerOf(err);
        const iss = inner?.cause?.claim === 'iss' ? inner.cause.claims?.iss : undefined;
        if (typeof iss !== 'string' || !legacyIssuers.includes(iss) || !captured) throw toAuthError(err);
        const saved = captured;
        const replay: oidc.CustomFetch = async (url, init) =>
          url === tokenEndpoint && init.method === 'POST'
            ? new Response(saved.body, { status: saved.status, headers: saved.headers })
            : fetch(url, init as RequestInit);
        const legacyConfig = configFor({ ...server, issuer: iss }, replay);
        try {
          const tokens = await oidc.authorizationCodeGrant(legacyConfig, callback, checks);
          keepJwks(legacyConfig);
          return identityOf(tokens.claims());
        } catch (again) {
          throw toAuthError(again);
        }
      }
    },
  };
}
