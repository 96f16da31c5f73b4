// Answers that come from memory (a fresh health probe, the kept pricing, a task list's unchanged ETag) skip Koa: the
// lane writes the same status, headers and body the full stack would, logs and times the request the same way, and
// leaves every request it is not sure about to the full stack, untouched. Koa's context, its middleware chain, the
// router's dispatch and the ORM context cost more than such answers themselves.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteDef } from '@app/contract';
import type { Logger } from 'pino';
import type { ObservedRequest } from '../metrics/observe-requests.ts';
import { type HandlerInput, parseInput, rawQuery, toKoaPath } from './bind.ts';
import { COMPRESS_THRESHOLD } from './compression.ts';
import { acceptedBefore, COMPRESSED_ENCODINGS } from './content-encoding.ts';
import type { AppServices, AppState } from './context.ts';
import { logRequest, requestIdOf } from './request-frame.ts';
import { admit } from './roles.ts';
import { HSTS, type SecurityHeaders } from './security-headers.ts';

/** A GET request the lane may answer, as a memory handler sees it. */
export interface MemoryRequest {
  req: IncomingMessage;
  services: AppServices;
  /** `Date.now()` once for the request. */
  now: number;
}

/** An answer from memory: the headers its handler sets (in that order), what it adds to `Vary`, its JSON body. */
export interface MemoryAnswer {
  status: number;
  headers?: readonly (readonly [string, string])[];
  /** Added to `Vary` after `Accept-Encoding` (and `Origin`), as the handler's `ctx.vary` does. */
  vary?: string;
  /** For a status whose declared response has a schema. */
  json?: string;
}

/** A route's twin of its handler: the same answer when memory has it, else undefined (the full stack answers). */
export interface MemoryHandler<Input = never> {
  /** A request header without which memory has no answer (the lane then leaves at once). */
  onlyWith?: string;
  answer: (request: MemoryRequest, input: Input) => MemoryAnswer | undefined;
}
export type MemoryHandlerMap = Readonly<Record<string, MemoryHandler>>;

/** The memory twins a module exports for some of its routes, keyed by operationId, typed like their handlers. */
export type MemoryHandlersFor<Routes extends readonly RouteDef[]> = {
  [R in Routes[number] as R['operationId']]?: MemoryHandler<HandlerInput<R>>;
};

/** Who is calling, from memory alone: `null` when memory cannot tell (a cookie to look up, a token to check). */
export type MemoryPrincipalResolver = (request: MemoryRequest) => Pick<AppState, 'user' | 'tokenUser'> | undefined | null;

export interface FastLaneOptions {
  services: AppServices;
  /** Contract routes with a memory twin; each must be the only GET route of its path (checked by the caller). */
  routes: readonly RouteDef[];
  handlers: MemoryHandlerMap;
  /** Every principal resolver's memory twin, in the full stack's order. */
  principals: readonly MemoryPrincipalResolver[];
  /** The request frame's security headers, HSTS over https. */
  headers: SecurityHeaders;
  /** Koa's `proxy` setting: whether `X-Forwarded-Proto` says https. */
  trustProxy: boolean;
  corsOrigins: readonly string[];
  validateResponses: boolean;
  logger: Logger;
  observe: (request: ObservedRequest, status: number, seconds: number) => void;
  /** Koa's parse of a query string (`ctx.query`), for a query string not parsed before. */
  parseQuery: (querystring: string) => Record<string, unknown>;
}

interface LaneRoute {
  def: RouteDef;
  handler: MemoryHandler;
  /** The router's pattern, the metrics' `route` label. */
  pattern: string;
}

/** What the lane writes: the status, the headers as name and value in turn, the body. */
interface LaneAnswer {
  status: number;
  head: string[];
  body: string | undefined;
}

/** Characters after which parseurl (Koa's `ctx.path`) stops taking its fast path: such URLs take the full stack. */
const UNUSUAL_URL = /[\t\n\f\r #\u00a0\ufeff]/;

export class FastLane {
  readonly #options: FastLaneOptions;
  readonly #routes = new Map<string, LaneRoute>();
  readonly #cors: ReadonlySet<string>;
  /** The frame's `Vary`: compression's, then CORS's when it has an allow-list. */
  readonly #vary: string;

  constructor(options: FastLaneOptions) {
    this.#options = options;
    for (const def of options.routes) {
      const handler = options.handlers[def.operationId];
      if (def.method !== 'get' || !handler || def.path.includes('{')) throw new Error(`no fast lane for ${def.operationId}`);
      this.#routes.set(def.path, { def, handler, pattern: toKoaPath(def.path) });
    }
    this.#cors = new Set(options.corsOrigins);
    this.#vary = this.#cors.size > 0 ? 'Accept-Encoding, Origin' : 'Accept-Encoding';
  }

  /** Answers the request and returns true, or returns false having done nothing (the full stack answers). */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const route = this.#routes.get(path);
    if (!route || UNUSUAL_URL.test(url)) return false;
    if (route.handler.onlyWith && req.headers[route.handler.onlyWith] === undefined) return false;
    const origin = req.headers.origin;
    // An allowed origin gets CORS headers: the full stack writes those.
    if (origin && this.#cors.has(origin)) return false;
    const started = performance.now();
    let answer: LaneAnswer | undefined;
    try {
      answer = this.#answerOf(route, req, mark < 0 ? '' : url.slice(mark + 1));
      if (!answer) return false;
      // Headers are checked here and sent with the body: a throw means nothing was sent.
      res.writeHead(answer.status, answer.head);
    } catch {
      // Anything unexpected (a rejected caller, a bad query, a header Node refuses): the full stack answers it.
      return false;
    }
    res.end(answer.body);
    const ms = performance.now() - started;
    const { logger, observe } = this.#options;
    observe({ method: 'GET', _matchedRoute: route.pattern, path }, answer.status, ms / 1000);
    logRequest(logger, answer.head[1] as string, 'GET', path, answer.status, ms);
    return true;
  }

  #answerOf(route: LaneRoute, req: IncomingMessage, querystring: string): LaneAnswer | undefined {
    const { services, principals, validateResponses } = this.#options;
    const request: MemoryRequest = { req, services, now: Date.now() };
    const state: Pick<AppState, 'user' | 'tokenUser'> = {};
    for (const resolve of principals) {
      const found = resolve(request);
      if (found === null) return undefined;
      state.user ??= found?.user;
      state.tokenUser ??= found?.tokenUser;
    }
    // As the bound route runs: the role first, then the input (either throws: the full stack answers the problem).
    const caller = admit(route.def.role, state);
    const query = rawQuery(querystring, () => this.#options.parseQuery(querystring));
    const input = parseInput(route.def, { params: {}, query, headers: req.headers, body: undefined });
    const answer = route.handler.answer(request, { ...input, caller } as never);
    if (!answer) return undefined;
    const declared = route.def.responses[answer.status];
    // JSON, or a 304's empty body: what the lane knows how to write as `respond` and Koa would.
    if (!declared || declared.contentType || (!declared.schema && answer.status !== 304)) return undefined;
    const json = declared.schema ? answer.json : undefined;
    if (declared.schema) {
      // koa-compress would take a larger body: the full stack answers it.
      if (json === undefined || Buffer.byteLength(json) >= COMPRESS_THRESHOLD) return undefined;
      if (validateResponses && !declared.schema.safeParse(JSON.parse(json)).success) return undefined;
    }
    // The request frame's headers, then compression's Vary (with CORS's and the handler's), then the handler's own.
    const head = ['X-Request-Id', requestIdOf(req)];
    for (const [name, value] of this.#options.headers) head.push(name, value);
    if (this.#secure(req)) head.push(HSTS[0], HSTS[1]);
    head.push('Vary', answer.vary ? `${this.#vary}, ${answer.vary}` : this.#vary);
    let cacheControl = false;
    for (const [name, value] of answer.headers ?? []) {
      if (name === 'Cache-Control') cacheControl = true;
      else if (name === 'ETag' && value.startsWith('"') && (answer.status === 304 || json !== undefined)) {
        // As compression.ts: a strong tag goes weak for a client that takes a compressed answer.
        const weak = this.#takesCompressed(req);
        if (weak === undefined) return undefined;
        head.push(name, weak ? `W/${value}` : value);
        continue;
      }
      head.push(name, value);
    }
    // As bind.ts's `respond`: API answers stay out of shared caches unless the handler said otherwise.
    if (!cacheControl) head.push('Cache-Control', 'no-store');
    if (json !== undefined) head.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(json)));
    return { head, body: json, status: answer.status };
  }

  /** Koa's `ctx.secure`. */
  #secure(req: IncomingMessage): boolean {
    if ((req.socket as { encrypted?: boolean }).encrypted) return true;
    if (!this.#options.trustProxy) return false;
    const proto = req.headers['x-forwarded-proto'];
    return typeof proto === 'string' && proto.split(',', 1)[0]?.trim().toLowerCase() === 'https';
  }

  /** Whether the client takes brotli or gzip; undefined when its Accept-Encoding was never negotiated. */
  #takesCompressed(req: IncomingMessage): boolean | undefined {
    const header = req.headers['accept-encoding'];
    let unknown = false;
    for (const encoding of COMPRESSED_ENCODINGS) {
      const taken = acceptedBefore(header, encoding);
      if (taken) return true;
      if (taken === undefined) unknown = true;
    }
    return unknown ? undefined : false;
  }
}
