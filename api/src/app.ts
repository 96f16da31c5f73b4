// The Koa application: the middleware chain, top to bottom, then docs, contract routes and the built UI.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { allRoutes, LIMITS, openaiEditImage, type RouteDef, uploadImages } from '@app/contract';
import { Router } from '@koa/router';
import Koa from 'koa';
import type { ChangeFeed } from './db/changes.ts';
import { NotifiedValue } from './db/notified-value.ts';
import { notFound } from './errors.ts';
import { type AppRouter, bindRoutes, type HandlerMap, routeFallback } from './http/bind.ts';
import { JSON_BODY_LIMIT, jsonBody } from './http/body.ts';
import { compression } from './http/compression.ts';
import type { AppContextExtras, AppServices, AppState, PrincipalResolver } from './http/context.ts';
import { cors } from './http/cors.ts';
import { registerDocs } from './http/docs.ts';
import { FastLane } from './http/fast-lane.ts';
import { multipartBody } from './http/multipart.ts';
import { openaiErrors } from './http/openai-errors.ts';
import { composePrincipalResolvers, resolvePrincipal } from './http/principal.ts';
import { problemHandler } from './http/problem-handler.ts';
import { registerProblemPages } from './http/problem-pages.ts';
import { requestContext } from './http/request-context.ts';
import { requestFrame } from './http/request-frame.ts';
import { rememberRouteLookups } from './http/route-lookup.ts';
import { contentSecurityPolicy, remoteOrigins, type SecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { serveStatic } from './http/static.ts';
import { observeRequest } from './metrics/observe-requests.ts';
import { registerMetrics } from './metrics/scrape.ts';
import { SessionCache } from './modules/auth/index.ts';
import { registerSandboxCheckout } from './modules/billing/index.ts';
import { memoryHandlers, memoryPrincipalResolvers, handlers as moduleHandlers, principalResolvers, routeGuards } from './modules/index.ts';
import { sumTaskCredits } from './modules/ledger/index.ts';
import { heardWrites } from './modules/live/index.ts';
import { MCP_PATH, registerMcp } from './modules/mcp/index.ts';
import { storedFiles, TaskListCache, UPLOAD_BODY_LIMIT } from './modules/studio/index.ts';

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

/** The Koa app; its server callback first offers each request to the fast lane (answers from memory). */
export class App extends Koa<AppState, AppContextExtras> {
  lane: FastLane | undefined;

  override callback(): ReturnType<Koa['callback']> {
    const full = super.callback();
    const lane = this.lane;
    if (!lane) return full;
    return (req, res) => (lane.answer(req as IncomingMessage, res as ServerResponse) ? answered : full(req, res));
  }

  /** Koa's own callback, every request through the middleware chain (the fast lane's tests compare the two). */
  fullStackCallback(): ReturnType<Koa['callback']> {
    return super.callback();
  }
}

const answered = Promise.resolve();

/** Lets the app's caches answer from memory, kept current by the feed's notifications; returns the undo. */
export function watchCaches(app: App, feed: ChangeFeed): () => void {
  const { sessions, taskLists, pricing } = app.context.services;
  const stops = [sessions, taskLists, pricing].flatMap((cache) => (cache ? [feed.watch(cache)] : []));
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * The lane for the routes whose memory twin stands in for their handler (not for handlers a test replaced), each the
 * only GET route of its path; none when a principal resolver has no memory twin (or a test plugs its own in).
 */
function fastLane(app: App, deps: AppDeps, router: AppRouter, routes: readonly RouteDef[], headers: SecurityHeaders): FastLane | undefined {
  const { services } = deps;
  if (deps.resolvePrincipal || !memoryPrincipalResolvers) return undefined;
  const laneRoutes = routes.filter(
    (route) =>
      route.method === 'get' &&
      memoryHandlers[route.operationId] &&
      (!deps.handlers || deps.handlers[route.operationId] === moduleHandlers[route.operationId]) &&
      router.match(route.path, 'GET').pathAndMethod.length === 1,
  );
  return new FastLane({
    services,
    routes: laneRoutes,
    handlers: memoryHandlers,
    principals: memoryPrincipalResolvers,
    headers,
    trustProxy: services.config.trustProxy,
    corsOrigins: services.config.corsOrigins,
    validateResponses: !services.config.isProduction,
    logger: services.logger,
    observe: observeRequest,
    // Koa's own parse (`ctx.query`), for a query string the lane meets first.
    parseQuery: (querystring) =>
      (Object.create(app.request, { querystring: { value: querystring } }) as { query: Record<string, unknown> }).query,
  });
}

/**
 * Builds the Koa app. Order matters: the request frame (id, security headers, metrics, log), compression, the problem
 * serializer, CORS, the ORM request context, the write fence, body parsing, the principal hook, then routes and the UI.
 * Throws at start when a contract route has no handler.
 */
export function createApp(deps: AppDeps): App {
  const { services } = deps;
  const { config, orm, logger } = services;
  const app = new App({ proxy: config.trustProxy });
  // The hot path's caches answer from memory only once a server's notifications keep them current (`watchCaches`).
  services.sessions ??= new SessionCache();
  services.taskLists ??= new TaskListCache();
  services.pricing ??= new NotifiedValue(['settings']);
  app.context.services = services;
  // Errors after the response started (a broken stream, a client gone) cannot become problems: log them.
  app.on('error', (error: unknown) => logger.warn({ err: error }, 'response error'));

  const router: AppRouter = rememberRouteLookups(new Router<AppState, AppContextExtras>());
  const docs = registerDocs(router);
  registerSandboxCheckout(router);
  registerMcp(router);
  registerProblemPages(router);
  registerMetrics(router, sumTaskCredits);
  const routes = deps.routes ?? allRoutes;
  bindRoutes(router, routes, deps.handlers ?? moduleHandlers, { validateResponses: !config.isProduction, guards: routeGuards });
  const origins = remoteOrigins(config.remotes);
  const ui = config.staticDir
    ? serveStatic({
        hostDir: config.staticDir,
        remoteDirs: Object.fromEntries(Object.keys(config.remotes).map((name) => [name, join(config.remotesDir, name, 'dist')])),
        pagePolicy: (shellHashes) => contentSecurityPolicy({ remoteOrigins: origins, inlineScriptHashes: shellHashes }),
      })
    : undefined;

  // The default policy: the docs page's inline scripts; each page of the UI gets its own (`serveStatic`).
  const headers = securityHeaders({ remoteOrigins: origins, inlineScriptHashes: docs.inlineScriptHashes });
  app.use(requestFrame({ logger, headers, observe: observeRequest }));
  app.lane = fastLane(app, deps, router, routes, headers);
  // Outside the problem serializer, so problem+json answers are compressed too.
  app.use(compression());
  app.use(problemHandler(logger));
  app.use(openaiErrors());
  app.use(cors(config.corsOrigins));
  app.use(requestContext(orm));
  app.use(heardWrites());
  // Image uploads carry up to 5 base64 pictures of 10 MB; every other body keeps the small default.
  app.use(jsonBody(JSON_BODY_LIMIT, { [uploadImages.path]: UPLOAD_BODY_LIMIT, [MCP_PATH]: UPLOAD_BODY_LIMIT }, [MCP_PATH]));
  // OpenAI's image edits send their reference pictures (and an ignored mask) as files.
  app.use(multipartBody([openaiEditImage.path], { maxFileBytes: LIMITS.maxImageBytes, maxFiles: LIMITS.maxReferenceImages + 1 }));
  app.use(resolvePrincipal(deps.resolvePrincipal ?? composePrincipalResolvers(principalResolvers)));
  app.use(router.routes());
  app.use(routeFallback(router));
  app.use(storedFiles());
  if (ui) app.use(ui);
  app.use(() => {
    throw notFound();
  });
  return app;
}
