import { strictInput } from './strict-input.ts';
import type { z } from './zod.ts';

/**
 * Who may call a route. Enforced on the server by one middleware that reads this value.
 * - `anonymous`: anyone; a session is read when present.
 * - `user`: a signed-in, active user (session cookie).
 * - `admin`: a signed-in user with `isAdmin`.
 * - `token`: the automation API, a user's bearer API token.
 */
export type Role = 'anonymous' | 'user' | 'admin' | 'token';

/** The schema of a response header: every string has a longest length, every integer a range. */
export type HeaderSchema =
  | { type: 'string'; maxLength: number; format?: string; pattern?: string }
  | { type: 'integer'; minimum: number; maximum: number };

/** An example problem body for one status of a route (the type, status and message are derived). */
export interface ProblemExample {
  code: string;
  title: string;
  detail: string;
  retryable?: boolean;
  errors?: { pointer: string; detail: string }[];
}

export interface ResponseDef {
  description: string;
  /** JSON body schema; omitted for empty bodies. */
  schema?: z.ZodType;
  /** Content type when not JSON (for example an image). */
  contentType?: string;
  /** Largest body in bytes, for a body that is not JSON. */
  maxBytes?: number;
  /** For `text/event-stream`: what one event's `data:` holds (documentation; the body is a stream). */
  eventSchema?: z.ZodType;
  headers?: Record<string, { description: string; schema: HeaderSchema }>;
}

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** OpenAPI path with `{param}` placeholders. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  role: Role;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    body?: z.ZodType;
    /** Body content type when not JSON. */
    bodyContentType?: string;
    headers?: z.ZodObject;
  };
  /** Success responses; problem responses are added from the role and request. */
  responses: Record<number, ResponseDef>;
  /** Extra problem statuses this route can answer (for example 402, 409). */
  problems?: number[];
  /** `openai`: failures answer OpenAI's error body (`OpenAIError`) as JSON instead of a problem. */
  errorFormat?: 'problem' | 'openai';
  /** What this route's problems look like where the generic example of a status would mislead (first one is shown). */
  problemExamples?: Partial<Record<number, ProblemExample[]>>;
}

/**
 * Declares a route while keeping its literal types for the server's typed handlers. Its body and query are closed:
 * undeclared fields and parameters are refused (`strict-input.ts`; provider-owned payloads use `z.looseObject`).
 */
export const defineRoute = <const R extends RouteDef>(route: R): R => {
  const { body, query } = route.request ?? {};
  if (!body && !query) return route;
  return {
    ...route,
    request: { ...route.request, ...(body && { body: strictInput(body) }), ...(query && { query: strictInput(query) }) },
  } as R;
};

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/** The validated input a handler receives for a route. */
export interface RouteInput<R extends RouteDef> {
  params: Infer<NonNullable<R['request']>['params']>;
  query: Infer<NonNullable<R['request']>['query']>;
  body: Infer<NonNullable<R['request']>['body']>;
}

type SchemaOf<D> = D extends { schema: infer T } ? T : undefined;

type SuccessOf<R extends RouteDef> = {
  [S in keyof R['responses']]: { status: S; body: Infer<SchemaOf<R['responses'][S]>> };
}[keyof R['responses']];

/** What a handler returns: one of the route's success statuses with its body. */
export type RouteOutput<R extends RouteDef> = SuccessOf<R>;
