// What a domain module contributes to the app. Modules are listed once in modules/index.ts.
import type { EntitySchema } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DatabaseTarget, Orm } from '../db/orm.ts';
import type { HandlerMap, RouteGuard } from '../http/bind.ts';
import type { AppServices, PrincipalResolver } from '../http/context.ts';
import type { Jobs } from '../jobs/boss.ts';

export interface ApiModule {
  name: string;
  /** Entities this module owns; all of them are registered with the ORM and covered by migrations. */
  entities?: readonly EntitySchema[];
  /** Handlers for this module's contract routes, keyed by operationId. */
  handlers?: HandlerMap;
  /** Resolvers that set `ctx.state.user` / `ctx.state.tokenUser` (sessions, API tokens). */
  principalResolvers?: readonly PrincipalResolver[];
  /** Rules on top of the routes' roles, run for every route once its role let the caller through (see `RouteGuard`). */
  routeGuards?: readonly RouteGuard[];
  /** Demo data for the embedded database; must be idempotent. */
  seed?: (em: SqlEntityManager) => Promise<void>;
  /** Runs at every start, after migrations and seeds, on any database (e.g. the first admin); must be idempotent. */
  onStart?: (context: StartContext) => Promise<void>;
  /**
   * This module's part of the running process (job workers, schedules, hooks on another module's events), built in
   * module order before the app exists: it may add services for its routes and for the modules after it.
   */
  process?: (context: ProcessContext) => Promise<ModuleProcess>;
}

/** What a module's process gets: the process-wide services, and the ones modules before it added. */
export interface ProcessContext {
  config: Config;
  orm: Orm;
  logger: Logger;
  jobs: Jobs;
  /** The origin files and callbacks are published under (PUBLIC_URL, else the address listened on, known once listening). */
  publicUrl: () => string;
  /** The app's services as built so far; a module adds its own here (see the `AppServices` augmentations). */
  services: Partial<AppServices> & Pick<AppServices, 'config' | 'orm' | 'logger' | 'jobs' | 'rateLimits' | 'settings'>;
}

/** A module's running part: started in module order once the server listens, stopped in reverse order before the ORM closes. */
export interface ModuleProcess {
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

/** The service `name` a module before this one added; its absence is a wiring mistake in the module order. */
export function serviceOf<K extends keyof AppServices>(context: ProcessContext, name: K): NonNullable<AppServices[K]> {
  const service = context.services[name];
  if (service === undefined || service === null) throw new Error(`service ${String(name)} is not built yet: check the module order`);
  return service as NonNullable<AppServices[K]>;
}

/** What a start hook gets: a fresh EntityManager and the process's configuration. */
export interface StartContext {
  em: SqlEntityManager;
  config: Config;
  logger: Logger;
  /** Which database this start opened (the embedded default is `pglite`). */
  database: DatabaseTarget;
}

/** Merges the modules' handlers, refusing two modules answering the same operationId. */
export function composeHandlers(modules: readonly ApiModule[]): HandlerMap {
  const out: Record<string, HandlerMap[string]> = {};
  for (const module of modules) {
    for (const [operationId, handler] of Object.entries(module.handlers ?? {})) {
      if (operationId in out) throw new Error(`operationId ${operationId} is handled twice (module ${module.name})`);
      out[operationId] = handler;
    }
  }
  return out;
}
