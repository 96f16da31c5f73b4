// What a domain module contributes to the app. Modules are listed once in modules/index.ts.
import type { EntitySchema } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DatabaseTarget } from '../db/orm.ts';
import type { HandlerMap } from '../http/bind.ts';
import type { PrincipalResolver } from '../http/context.ts';

export interface ApiModule {
  name: string;
  /** Entities this module owns; all of them are registered with the ORM and covered by migrations. */
  entities?: readonly EntitySchema[];
  /** Handlers for this module's contract routes, keyed by operationId. */
  handlers?: HandlerMap;
  /** Resolvers that set `ctx.state.user` / `ctx.state.tokenUser` (sessions, API tokens). */
  principalResolvers?: readonly PrincipalResolver[];
  /** Demo data for the embedded database; must be idempotent. */
  seed?: (em: SqlEntityManager) => Promise<void>;
  /** Runs at every start, after migrations and seeds, on any database (e.g. the first admin); must be idempotent. */
  onStart?: (context: StartContext) => Promise<void>;
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
