// The sign-in, password-change and registration limits of one running app (in memory, per process), after OWASP's
// authentication guidance: failed sign-ins are limited by the pair (username, client address) and by client address,
// so an attacker elsewhere cannot lock an account's owner out of their usual client. A much larger username-wide
// limit stops a brute force spread over many addresses, and never applies to the address the account last signed
// in from.
import type { AppServices } from '../../http/context.ts';
import { createRateLimiter, type RateLimiter, refuseWhenSpent } from '../../http/rate-limit.ts';

/** How many times the pair limit an account may fail from all addresses together before unknown clients wait. */
const ACCOUNT_WIDE_FACTOR = 10;
/** Accounts whose usual client address is remembered (oldest forgotten first). */
const MAX_USUAL_CLIENTS = 10_000;

export interface AuthLimiters {
  /** Failed sign-ins per (username, client address). */
  loginFailuresByPair: RateLimiter;
  /** Failed sign-ins per client address, any usernames. */
  loginFailuresByIp: RateLimiter;
  /** Failed sign-ins per username from every address; not applied to the account's usual client. */
  loginFailuresByUsername: RateLimiter;
  /** Password changes per account (the caller holds the session: no stranger can spend it). */
  passwordChangesByUser: RateLimiter;
  /** Registrations per client address. */
  registerByIp: RateLimiter;
  /** username key -> the client address it last signed in from. */
  usualClient: Map<string, string>;
}

// Keyed by the app's services object, so each app (and each test server) counts on its own.
const byApp = new WeakMap<AppServices, AuthLimiters>();

/** The limiters of the app these services belong to, created from its config on first use. */
export function authLimiters(services: AppServices): AuthLimiters {
  let limiters = byApp.get(services);
  if (!limiters) {
    const { windowMs, loginPerIp, loginPerUsername, registerPerIp } = services.config.authRateLimits;
    limiters = {
      loginFailuresByPair: createRateLimiter({ limit: loginPerUsername, windowMs }),
      loginFailuresByIp: createRateLimiter({ limit: loginPerIp, windowMs }),
      loginFailuresByUsername: createRateLimiter({ limit: loginPerUsername * ACCOUNT_WIDE_FACTOR, windowMs }),
      passwordChangesByUser: createRateLimiter({ limit: loginPerUsername, windowMs }),
      registerByIp: createRateLimiter({ limit: registerPerIp, windowMs }),
      usualClient: new Map(),
    };
    byApp.set(services, limiters);
  }
  return limiters;
}

const pairKey = (usernameKey: string, ip: string) => `${usernameKey}\u0000${ip}`;

/** Refuses (429) a sign-in whose pair, address or, for an unknown client, account has no failures left. */
export function refuseSpentSignIn(limiters: AuthLimiters, usernameKey: string, ip: string, detail: string): void {
  refuseWhenSpent(limiters.loginFailuresByPair, pairKey(usernameKey, ip), detail);
  refuseWhenSpent(limiters.loginFailuresByIp, ip, detail);
  if (limiters.usualClient.get(usernameKey) !== ip) refuseWhenSpent(limiters.loginFailuresByUsername, usernameKey, detail);
}

/** Counts a failed sign-in against the pair, the address and the account. */
export function countFailedSignIn(limiters: AuthLimiters, usernameKey: string, ip: string): void {
  limiters.loginFailuresByPair.consume(pairKey(usernameKey, ip));
  limiters.loginFailuresByIp.consume(ip);
  limiters.loginFailuresByUsername.consume(usernameKey);
}

/** A good sign-in clears its pair and makes this address the account's usual client. */
export function rememberSignIn(limiters: AuthLimiters, usernameKey: string, ip: string): void {
  limiters.loginFailuresByPair.reset(pairKey(usernameKey, ip));
  limiters.usualClient.delete(usernameKey);
  limiters.usualClient.set(usernameKey, ip);
  if (limiters.usualClient.size > MAX_USUAL_CLIENTS) {
    const oldest = limiters.usualClient.keys().next().value;
    if (oldest !== undefined) limiters.usualClient.delete(oldest);
  }
}
