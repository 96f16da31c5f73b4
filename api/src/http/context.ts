// The typed Koa context every middleware and handler sees.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Orm } from '../db/orm.ts';
import type { Jobs } from '../jobs/boss.ts';
import type { RateLimitStore } from './rate-limit.ts';

/** Who is calling, as resolved from a session cookie or an API token. */
export interface Principal {
  id: string;
  username: string;
  isAdmin: boolean;
  isActive: boolean;
  /** For a caller authenticated by an API token: that token's id. */
  tokenId?: string;
}

/** Per-request state. */
export interface AppState {
  /** Echoed in `X-Request-Id` and used as the problem `instance`. */
  requestId: string;
  /** This request's EntityManager (a fork made by RequestContext). */
  em: SqlEntityManager;
  /** The signed-in browser user, set by the principal resolver. */
  user?: Principal;
  /** The owner of the bearer API token (automation API), set by the principal resolver. */
  tokenUser?: Principal;
}

/** Process-wide services reachable from any context as `ctx.services`; modules add theirs (`declare module` in their process.ts). */
export interface AppServices {
  config: Config;
  orm: Orm;
  logger: Logger;
  /** Background jobs and schedules on pg-boss. */
  jobs: Jobs;
  /** Where rate-limit counters live (PostgreSQL shared by the cluster, or memory on the embedded database). */
  rateLimits: RateLimitStore;
  /** Set once the process is stopping: /readyz answers 503 so nothing new is sent here. */
  lifecycle?: { draining: boolean };
}

export interface AppContextExtras {
  services: AppServices;
  /** koa-compress's switch for one answer: `false` when the handler chose the encoding itself (see compression.ts). */
  compress?: boolean;
}

export type AppContext = ParameterizedContext<AppState, AppContextExtras>;

/**
 * Reads credentials from a request and says who is calling. Return `user` for a browser session,
 * `tokenUser` for a bearer API token, or nothing for an anonymous caller. Throw a problem to reject
 * malformed credentials outright. A resolver that knows at once (no credentials, a cached session) answers without a
 * promise, so an anonymous or cached caller costs no extra turn of the event loop.
 */
export type PrincipalResolver = (ctx: AppContext) => Found | Promise<Found>;

type Found = Pick<AppState, 'user' | 'tokenUser'> | undefined;
