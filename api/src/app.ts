// The Koa application: the middleware chain, top to bottom, then docs, contract routes and the built UI.
import { join } from 'node:path';
import { allRoutes, LIMITS, openaiEditImage, type RouteDef, uploadImages } from '@app/contract';
import cors from '@koa/cors';
import { Router } from '@koa/router';
import Koa from 'koa';
import compose from 'koa-compose';
import type { ChangeFeed } from './db/changes.ts';
import { notFound } from './errors.ts';
import { type AppRouter, bindRoutes, type HandlerMap } from './http/bind.ts';
import { JSON_BODY_LIMIT, jsonBody } from './http/body.ts';
import { callerBudget } from './http/caller-budget.ts';
import type { AppContextExtras, AppServices, AppState, PrincipalResolver } from './http/context.ts';
import { registerDocs } from './http/docs.ts';
import { multipartBody } from './http/multipart.ts';
import { composePrincipalResolvers, resolvePrincipal } from './http/principal.ts';
import { registerProblemPages } from './http/problem-pages.ts';
import { requestContext } from './http/request-context.ts';
import { requestFrame } from './http/request-frame.ts';
import { dispatchRoutes } from './http/route-dispatch.ts';
import { contentSecurityPolicy, remoteOrigins, securityHeaders } from './http/security-headers.ts';
import { serveStatic } from './http/static.ts';
import { observeRequest } from './metrics/observe-requests.ts';
import { registerMetrics } from './metrics/scrape.ts';
import { isUnsafeMethod, SessionCache } from './modules/auth/index.ts';
import { registerSandboxCheckout } from './modules/billing/index.ts';
import { handlers as moduleHandlers, principalResolvers, routeGuards } from './modules/index.ts';
import { sumTaskCredits } from './modules/ledger/index.ts';
import { heardWrites } from './modules/live/index.ts';
import { MCP_PATH, registerMcp } from './modules/mcp/index.ts';
import { registerSharePages, storedFiles, TaskListCache, UPLOAD_BODY_LIMIT } from './modules/studio/index.ts';

export interface AppDeps {
  /** The process-wide services, each module's included (built by server.ts). */
  services: AppServices;
  /** Who is calling; defaults to the resolvers the modules register in `modules/index.ts`. */
  resolvePrincipal?: PrincipalResolver;
  /** Defaults to every route of the contract. */
  routes?: readonly RouteDef[];
  /** Defaults to the handlers the modules register in `modules/index.ts`. */
  handlers?: HandlerMap;
}

/** The Koa app with its context and state types. */
export type App = Koa<AppState, AppContextExtras>;

/** Lets the app's caches answer from memory, kept current by the feed's notifications; returns the undo. */
export function watchCaches(app: App, feed: ChangeFeed): () => void {
  const { sessions, taskLists, settings } = app.context.services;
  const stops = [sessions, taskLists, settings].flatMap((cache) => (cache ? [feed.watch(cache)] : []));
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * Builds the Koa app. Order matters: the request frame (id, security headers, problems (OpenAI's shape under `/v1/`),
 * compression, metrics, log), CORS, the ORM request context with the write fence, body parsing and the principal hook
 * inside it, then the routes (with their 405 and API 404) and the UI.
 * Throws at start when a contract route has no handler.
 */
export function createApp(deps: AppDeps): App {
  const { services } = deps;
  const { config, orm, logger } = services;
  const app: App = new Koa<AppState, AppContextExtras>({ proxy: config.trustProxy });
  // The hot path's caches answer from memory only once a server's notifications keep them current (`watchCaches`).
  services.sessions ??= new SessionCache();
  services.taskLists ??= new TaskListCache();
  app.context.services = services;
  // Errors after the response started (a broken stream, a client gone) cannot become problems: log them.
  app.on('error', (error: unknown) => logger.warn({ err: error }, 'response error'));

  const router: AppRouter = new Router<AppState, AppContextExtras>();
  const docs = registerDocs(router);
  registerSandboxCheckout(router);
  registerMcp(router);
  registerProblemPages(router);
  registerMetrics(router, sumTaskCredits);
  // One budget per caller for the API and the public share pages together.
  const budget = callerBudget(config.apiRatePerMinute);
  registerSharePages(router, budget);
  const routes = deps.routes ?? allRoutes;
  bindRoutes(router, routes, deps.handlers ?? moduleHandlers, {
    validateResponses: !config.isProduction,
    guards: routeGuards,
    budget,
  });
  const origins = remoteOrigins(config.remotes);
  const ui = config.staticDir
    ? serveStatic({
        hostDir: config.staticDir,
        remoteDirs: Object.fromEntries(Object.keys(config.remotes).map((name) => [name, join(config.remotesDir, name, 'dist')])),
        pagePolicy: (shellHashes) => contentSecurityPolicy({ remoteOrigins: origins, inlineScriptHashes: shellHashes }),
      })
    : undefined;

  // The default page policy: the docs page's inline scripts; each page of the UI gets its own (`serveStatic`).
  const harden = securityHeaders({ remoteOrigins: origins, inlineScriptHashes: docs.inlineScriptHashes });
  app.use(requestFrame({ logger, harden, observe: observeRequest }));
  if (config.corsOrigins.length > 0) app.use(corsFor(config.corsOrigins));
  // Inside the ORM's request context: the layers for writes (reads, nearly every request, pass them with one check),
  // then who is calling.
  const writes = compose([
    heardWrites(),
    // Image uploads carry up to 5 base64 pictures of 10 MB; every other body keeps the small default.
    jsonBody(JSON_BODY_LIMIT, { [uploadImages.path]: UPLOAD_BODY_LIMIT, [MCP_PATH]: UPLOAD_BODY_LIMIT }, [MCP_PATH]),
    // OpenAI's image edits send their reference pictures (and an ignored mask) as files.
    multipartBody([openaiEditImage.path], { maxFileBytes: LIMITS.maxImageBytes, maxFiles: LIMITS.maxReferenceImages + 1 }),
  ]);
  const principal = resolvePrincipal(deps.resolvePrincipal ?? composePrincipalResolvers(principalResolvers));
  app.use(
    requestContext(orm, (ctx, next) => (isUnsafeMethod(ctx.method) ? writes(ctx, () => principal(ctx, next)) : principal(ctx, next))),
  );
  app.use(dispatchRoutes(router));
  app.use(storedFiles());
  if (ui) app.use(ui);
  app.use(() => {
    throw notFound();
  });
  return app;
}

/**
 * CORS for an exact allow-list of origins with credentials: no wildcards, no reflection of unknown origins, which get
 * no CORS headers at all. Without an allow-list there is no CORS layer: every origin gets the same answer, with
 * nothing for a cache to tell apart (and no `Vary: Origin` on each of the tens of files a page loads).
 */
function corsFor(allowedOrigins: readonly string[]): ReturnType<typeof cors> {
  const allowed = new Set(allowedOrigins);
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return allowed.has(origin) ? origin : '';
    },
    credentials: true,
    allowMethods: 'GET, HEAD, POST, PUT, PATCH, DELETE',
    allowHeaders: 'Content-Type, Authorization, X-CSRF-Token, X-Request-Id',
    exposeHeaders: 'X-Request-Id, Retry-After, Location',
    maxAge: 600,
    // Its copy of the headers onto a thrown problem would replace the Vary the frame built.
    keepHeadersOnError: false,
  });
}
