// Binds contract routes to handlers by operationId: role (and its typed caller), input validation, handler, response check.
import { isOpenObject, type RouteDef, type RouteInput, type RouteOutput } from '@app/contract';
import type { Router, RouterMiddleware } from '@koa/router';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { HttpProblem, type InputLocation, internalError, issuesToFieldErrors } from '../errors.ts';
import type { CallerBudget } from './caller-budget.ts';
import { offerKeptJson } from './compression.ts';
import type { AppContext, AppContextExtras, AppState } from './context.ts';
import { controlCharacterErrors, hasControlCharacters } from './control-characters.ts';
import type { KeptJson } from './kept-json.ts';
import { admit, type CallerOf } from './roles.ts';

/** What a handler gets besides the context: the route's validated input and the caller its role guarantees. */
export type HandlerInput<R extends RouteDef> = RouteInput<R> & { caller: CallerOf<R['role']> };

/** A typed handler for one route: validated input and caller in, one of the route's declared responses out. */
export type Handler<R extends RouteDef> = (ctx: AppContext, input: HandlerInput<R>) => Promise<RouteOutput<R>>;

/** The handlers object a module exports for its routes, keyed by operationId. */
export type HandlersFor<Routes extends readonly RouteDef[]> = {
  [R in Routes[number] as R['operationId']]: Handler<R>;
};

/** What the binder needs to know about any handler (input typed `never` so every typed handler fits). */
export type AnyHandler = (ctx: AppContext, input: never) => Promise<{ status: number; body?: unknown }>;
export type HandlerMap = Readonly<Record<string, AnyHandler>>;

export type AppRouter = Router<AppState, AppContextExtras>;

interface ValidatedInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

type BoundHandler = (ctx: AppContext, input: ValidatedInput & { caller: unknown }) => Promise<{ status: number; body?: unknown }>;

/** An answer's JSON already serialized (kept from an earlier answer): written as it is. */
class SerializedJson {
  readonly json: string;
  readonly kept: KeptJson | undefined;
  constructor(json: string | KeptJson) {
    this.json = typeof json === 'string' ? json : json.json;
    this.kept = typeof json === 'string' ? undefined : json;
  }
}

/**
 * A body given as its JSON text, typed as the value it holds, so a handler can answer from a cache of texts. A
 * `KeptJson` is also sent compressed with the bytes it keeps.
 */
export function serializedJson<T>(json: string | KeptJson): T {
  return new SerializedJson(json) as unknown as T;
}

/** Thrown outside production when a handler's answer does not match the route's response schema. */
export class ResponseValidationError extends Error {
  override name = 'ResponseValidationError';
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(operationId: string, status: number, issues: readonly z.core.$ZodIssue[]) {
    const summary = issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
    super(`Response of ${operationId} (${status}) does not match the contract: ${summary}`);
    this.issues = issues;
  }
}

/** `/api/items/{id}` -> `/api/items/:id`. */
export function toKoaPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Parses each declared input with its schema; all field errors of all locations end up in one 400. */
function parseInput(route: RouteDef, raw: { params: unknown; query: KnownQuery; headers: unknown; body: unknown }): ValidatedInput {
  const request = route.request ?? {};
  // A query string this route already took is clean and valid: its validated form is kept with it.
  const known = raw.query.valid.get(route);
  const query = raw.query.raw;
  // Clean input (nearly every request) is only walked, not collected into errors.
  if (hasControlCharacters(raw.params) || (!known && hasControlCharacters(query)) || hasControlCharacters(raw.body)) {
    throw invalidInput([
      ...controlCharacterErrors(raw.params, 'params'),
      ...controlCharacterErrors(query, 'query'),
      ...controlCharacterErrors(raw.body, 'body'),
    ]);
  }
  const errors: ReturnType<typeof issuesToFieldErrors> = [];
  const parse = (schema: z.ZodType | undefined, value: unknown, location: InputLocation) => {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    errors.push(...issuesToFieldErrors(result.error.issues, location));
    return undefined;
  };
  const input = {
    params: parse(request.params, raw.params, 'params'),
    // Unknown query parameters and body fields are refused: the contract closes every request schema. A route without
    // a query schema takes no parameters, unless its body is a provider's open payload (a webhook or callback).
    query: known ? known.value : parse(request.query ?? (hasKeys(query) && !providerOwned(route) ? NO_QUERY : undefined), query, 'query'),
    body: parse(request.body, raw.body, 'body'),
  };
  parse(request.headers, raw.headers, 'headers');
  if (errors.length) throw invalidInput(errors);
  if (!known) raw.query.valid.set(route, { value: frozen(input.query) });
  return input;
}

/** The query of a route that declares none: any parameter is unknown. */
const NO_QUERY = z.strictObject({});

function hasKeys(value: unknown): boolean {
  for (const _ in value as object) return true;
  return false;
}

/** A route whose body is a provider's open payload (`z.looseObject`): its provider may add query parameters too. */
const providerOwned = (route: RouteDef) => route.request?.body !== undefined && isOpenObject(route.request.body);

/** One 400 naming every bad field, grouped by where they came from in the detail. */
function invalidInput(errors: ReturnType<typeof issuesToFieldErrors>): HttpProblem {
  const where = [...new Set(errors.map((e) => e.pointer.split('/')[1]))].join(', ');
  return new HttpProblem({
    status: 400,
    code: 'validation_failed',
    title: 'Validation failed',
    detail: `Invalid request ${where}.`,
    errors,
  });
}

/** What `ctx.type = 'application/json'` sets, without a lookup in the MIME table on every answer. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Writes a handler's answer, checking it against the contract first when asked to. */
function respond(ctx: AppContext, route: RouteDef, output: { status: number; body?: unknown }, validate: boolean): void {
  const declared = route.responses[output.status];
  if (!declared) throw internalError(new Error(`${route.operationId} answered undeclared status ${output.status}`));
  const serialized = output.body instanceof SerializedJson ? output.body : undefined;
  if (validate && declared.schema) {
    const checked = declared.schema.safeParse(serialized === undefined ? output.body : JSON.parse(serialized.json));
    if (!checked.success) throw internalError(new ResponseValidationError(route.operationId, output.status, checked.error.issues));
  }
  // API answers are per caller unless a handler says otherwise: keep them out of shared caches.
  if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  if (declared.schema) {
    ctx.set('Content-Type', JSON_CONTENT_TYPE);
    ctx.body = serialized ? (serialized.kept?.body ?? serialized.json) : JSON.stringify(output.body);
    if (serialized?.kept) offerKeptJson(ctx, serialized.kept);
  } else if (declared.contentType) {
    // A media range (`image/*`) is narrowed by the handler to the real type of what it sends.
    if (!declared.contentType.endsWith('/*') || !ctx.response.type) ctx.type = declared.contentType;
    ctx.body = output.body;
  } else {
    ctx.body = null;
  }
  ctx.status = output.status;
}

/**
 * A query string as Koa parses it (read only by the checks and schemas above, which build new objects; `ctx.query`
 * stays Koa's), and its validated form for each route that took it (handed to that route's handler). Both frozen.
 */
interface KnownQuery {
  raw: Readonly<Record<string, unknown>>;
  valid: Map<RouteDef, { value: unknown }>;
}

/**
 * Known query strings, kept per distinct string: pollers send the same few, and parsing and validating them cost more
 * than the rest of their reads.
 */
const knownQueries = new LRUCache<string, KnownQuery>({ max: 512 });
const NO_PARAMETERS: KnownQuery = { raw: Object.freeze({}), valid: new Map() };

function knownQuery(querystring: string, parse: () => Readonly<Record<string, unknown>>): KnownQuery {
  if (querystring === '') return NO_PARAMETERS;
  let query = knownQueries.get(querystring);
  if (query === undefined) {
    // Without a prototype, as Koa's own: a `__proto__` parameter stays a plain key.
    const parsed: Record<string, unknown> = Object.create(null);
    for (const [name, value] of Object.entries(parse())) parsed[name] = Array.isArray(value) ? Object.freeze([...value]) : value;
    query = { raw: Object.freeze(parsed), valid: new Map() };
    // Long strings are one-offs (and would make the map heavy): parsed each time.
    if (querystring.length <= 256) knownQueries.set(querystring, query);
  }
  return query;
}

/** A validated query, shared by every request with its string: frozen, arrays included. */
function frozen(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  for (const item of Object.values(value)) if (Array.isArray(item)) Object.freeze(item);
  return Object.freeze(value);
}

/**
 * A module's rule on top of a route's role (for example: admins need a second factor, some calls a recent check of it).
 * Runs after the role let the caller through and before the input is read; throws the problem the request gets.
 */
export type RouteGuard = (ctx: AppContext, route: RouteDef, caller: unknown) => void | Promise<void>;

export interface BindOptions {
  /** Parse every answer with its response schema (on outside production). */
  validateResponses: boolean;
  /** The modules' route guards, in module order. */
  guards?: readonly RouteGuard[];
  /** Counts every request against its caller's budget first, so even refused ones (401, 403, 400) are counted. */
  budget?: CallerBudget;
}

/**
 * Registers every route on the router: the caller's budget, then the role check (401/403 before any 400), the modules' guards, then input validation,
 * then the handler with the caller the role let through.
 * Throws at start when a route has no handler or a handler has no route.
 */
export function bindRoutes(router: AppRouter, routes: readonly RouteDef[], handlers: HandlerMap, options: BindOptions): void {
  const missing = routes.filter((route) => typeof handlers[route.operationId] !== 'function').map((route) => route.operationId);
  if (missing.length) throw new Error(`No handler for operationIds: ${missing.join(', ')}`);
  const known = new Set(routes.map((route) => route.operationId));
  const orphans = Object.keys(handlers).filter((id) => !known.has(id));
  if (orphans.length) throw new Error(`Handlers without a contract route: ${orphans.join(', ')}`);

  const { guards = [], budget } = options;
  for (const route of routes) {
    const handler = handlers[route.operationId] as unknown as BoundHandler;
    const run: RouterMiddleware<AppState, AppContextExtras> = async (ctx) => {
      if (budget) await budget(ctx, route);
      const caller = admit(route.role, ctx.state);
      for (const guard of guards) {
        // Most guards decide at once: only a promise is awaited (each await is a turn of the microtask queue).
        const checked = guard(ctx, route, caller);
        if (checked) await checked;
      }
      const query = knownQuery(ctx.querystring, () => ctx.query);
      const input = parseInput(route, { params: ctx.params, query, headers: ctx.headers, body: ctx.request.body });
      respond(ctx, route, await handler(ctx, { ...input, caller }), options.validateResponses);
    };
    router.register(toKoaPath(route.path), [route.method.toUpperCase()], [run], { name: route.operationId });
  }
}

/** Whether a path belongs to the JSON API (and so always answers with problems, never the UI). */
export function isApiPath(path: string): boolean {
  // `/api` itself is the UI's tokens page; only `/api/...` belongs to the API, with OpenAI's `/v1/...` and `/mcp`.
  return path.startsWith('/api/') || path.startsWith('/v1/') || path === '/mcp';
}
