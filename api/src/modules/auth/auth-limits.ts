// The sign-in and registration rate limiters of one running app (in memory, per process).
import type { AppServices } from '../../http/context.ts';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limit.ts';

export interface AuthLimiters {
  /** Login attempts per client IP. */
  loginByIp: RateLimiter;
  /** Login and change-password attempts per account (username key). */
  loginByUsername: RateLimiter;
  /** Registrations per client IP. */
  registerByIp: RateLimiter;
}

// Keyed by the app's services object, so each app (and each test server) counts on its own.
const byApp = new WeakMap<AppServices, AuthLimiters>();

/** The limiters of the app these services belong to, created from its config on first use. */
export function authLimiters(services: AppServices): AuthLimiters {
  let limiters = byApp.get(services);
  if (!limiters) {
    const { windowMs, loginPerIp, loginPerUsername, registerPerIp } = services.config.authRateLimits;
    limiters = {
      loginByIp: createRateLimiter({ limit: loginPerIp, windowMs }),
      loginByUsername: createRateLimiter({ limit: loginPerUsername, windowMs }),
      registerByIp: createRateLimiter({ limit: registerPerIp, windowMs }),
    };
    byApp.set(services, limiters);
  }
  return limiters;
}
