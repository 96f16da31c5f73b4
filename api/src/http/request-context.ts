// One EntityManager fork per request, so identity maps never leak between requests. The fork is made the first time
// the request asks for it: answers from memory (health, cached pricing, a 304 of the task list) never make one.
import type { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, RequestContext } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Middleware } from 'koa';
import type { Orm } from '../db/orm.ts';
import type { AppContextExtras, AppState } from './context.ts';

/** RequestContext's map of forks by EM name, forking on first read (as `RequestContext.create` does up front). */
class LazyForks extends Map<string, EntityManager> {
  readonly #em: EntityManager;
  #forking = false;
  constructor(em: EntityManager) {
    super();
    this.#em = em;
  }
  override get(name: string): EntityManager | undefined {
    let fork = super.get(name);
    // `fork()` itself asks the context for the current EM: while forking there is none yet.
    if (!fork && name === this.#em.name && !this.#forking) {
      this.#forking = true;
      try {
        fork = this.#em.fork({ useContext: true });
      } finally {
        this.#forking = false;
      }
      super.set(name, fork);
    }
    return fork;
  }
}

/** The store `RequestContext.create` runs in (private in its typings; MikroORM's own `getEntityManager` reads it). */
const storage = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;

/**
 * A request's state whose `em` is its context's fork: a getter of the class, where defining one on each request's
 * state object made every object a slow one of its own shape.
 */
class StateWithEm {
  readonly #context: RequestContext;
  constructor(context: RequestContext) {
    this.#context = context;
  }
  get em(): SqlEntityManager {
    return this.#context.em as SqlEntityManager;
  }
}

/**
 * Runs the rest of the chain inside a `RequestContext` and exposes its fork as `ctx.state.em`. `within` runs first
 * inside it, as part of this layer (the request's own layers, without a frame of the chain each).
 */
export function requestContext(orm: Orm, within?: Middleware<AppState, AppContextExtras>): Middleware<AppState, AppContextExtras> {
  return (ctx, next) => {
    const context = new RequestContext(new LazyForks(orm.em));
    // What the outer layers put in the state (the request id) comes along.
    ctx.state = Object.assign(new StateWithEm(context), ctx.state) as AppState;
    return storage.run(context, within ? () => within(ctx, next) : next);
  };
}
