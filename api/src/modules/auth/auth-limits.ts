// The sign-in, password-change and registration limits of one running app (shared by the cluster's processes on
// PostgreSQL, see http/rate-limit.ts), after OWASP's
// authentication guidance: failed sign-ins are limited by the pair (username, client address) and by client address,
// so an attacker elsewhere cannot lock an account's owner out of their usual client. A much larger username-wide
// limit stops a brute force spread over many addresses, and never applies to the address the account last signed
// in from.
import type { AppServices } from '../../http/context.ts';
import { type RateLimiter, refuseWhenSpent } from '../../http/rate-limit.ts';

/** How many times the pair limit an account may fail from all addresses together before unknown clients wait. */
const ACCOUNT_WIDE_FACTOR = 10;
/** How long an address an account signed in from stays one of its usual clients (the memory store's timers cap at 24.8 days). */
const USUAL_CLIENT_MS = 14 * 24 * 3600 * 1000;

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
  /** Password reset requests and uses per client address. */
  resetRequestsByIp: RateLimiter;
  /** Address-check mails per account. */
  verificationMailsByUser: RateLimiter;
  /** (username, client address) pairs that signed in successfully in the last 14 days. */
  usualClients: RateLimiter;
}

// Keyed by the app's services object, so each app (and each test server) counts on its own.
const byApp = new WeakMap<AppServices, AuthLimiters>();

/** The limiters of the app these services belong to, created from its config on first use. */
export function authLimiters(services: AppServices): AuthLimiters {
  let limiters = byApp.get(services);
  if (!limiters) {
    const { windowMs, loginPerIp, loginPerUsername, registerPerIp } = services.config.authRateLimits;
    const store = services.rateLimits;
    limiters = {
      loginFailuresByPair: store.create({ name: 'login-pair', limit: loginPerUsername, windowMs }),
      loginFailuresByIp: store.create({ name: 'login-ip', limit: loginPerIp, windowMs }),
      loginFailuresByUsername: store.create({ name: 'login-user', limit: loginPerUsername * ACCOUNT_WIDE_FACTOR, windowMs }),
      passwordChangesByUser: store.create({ name: 'password-change', limit: loginPerUsername, windowMs }),
      registerByIp: store.create({ name: 'register-ip', limit: registerPerIp, windowMs }),
      resetRequestsByIp: store.create({ name: 'reset-ip', limit: registerPerIp, windowMs }),
      verificationMailsByUser: store.create({ name: 'verify-mail-user', limit: registerPerIp, windowMs }),
      usualClients: store.create({ name: 'usual-client', limit: 1_000_000, windowMs: USUAL_CLIENT_MS }),
    };
    byApp.set(services, limiters);
  }
  return limiters;
}

// The address first: it never holds the separator, so no username can forge another pair.
const pairKey = (usernameKey: string, ip: string) => `${ip}|${usernameKey}`;

/** Refuses (429) a sign-in whose pair, address or, for an unknown client, account has no failures left. */
export async function refuseSpentSignIn(limiters: AuthLimiters, usernameKey: string, ip: string, detail: string): Promise<void> {
  await refuseWhenSpent(limiters.loginFailuresByPair, pairKey(usernameKey, ip), detail);
  await refuseWhenSpent(limiters.loginFailuresByIp, ip, detail);
  const usual = (await limiters.usualClients.peek(pairKey(usernameKey, ip))).resetMs > 0;
  if (!usual) await refuseWhenSpent(limiters.loginFailuresByUsername, usernameKey, detail);
}

/** Counts a failed sign-in against the pair, the address and the account. */
export async function countFailedSignIn(limiters: AuthLimiters, usernameKey: string, ip: string): Promise<void> {
  await limiters.loginFailuresByPair.consume(pairKey(usernameKey, ip));
  await limiters.loginFailuresByIp.consume(ip);
  await limiters.loginFailuresByUsername.consume(usernameKey);
}

/** A good sign-in clears its pair and makes this address one of the account's usual clients for 14 days. */
export async function rememberSignIn(limiters: AuthLimiters, usernameKey: string, ip: string): Promise<void> {
  await limiters.loginFailuresByPair.reset(pairKey(usernameKey, ip));
  await limiters.usualClients.consume(pairKey(usernameKey, ip));
}
