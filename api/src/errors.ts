// RFC 9457 problems: every 4xx/5xx answer is one of these, serialized in one place (http/problem-handler.ts).
import { type FieldError, PROBLEM_LIMITS, type Problem, problemType, withFieldReasons } from '@app/contract';

export { problemType };

/** Where a validated value came from; the first segment of a field pointer. */
export type InputLocation = 'body' | 'query' | 'params' | 'headers';

/** The minimal issue shape we need from zod (zod 4 paths may contain symbols). */
export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

export interface HttpProblemInit {
  status: number;
  /** Stable machine code, snake_case; the `type` URI is derived from it. */
  code: string;
  title: string;
  detail?: string;
  retryable?: boolean;
  errors?: FieldError[];
  /** Extra response headers, e.g. `Retry-After` or `Allow`. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An error that becomes a problem+json answer with its own status. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail?: string;
  readonly retryable: boolean;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;

  constructor(init: HttpProblemInit) {
    super(init.detail ?? init.title, { cause: init.cause });
    this.name = 'HttpProblem';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.retryable = init.retryable ?? false;
    this.errors = init.errors;
    this.headers = init.headers ?? {};
  }

  /** Stable URI naming the kind of problem: `/problems/validation-failed`. */
  get type(): string {
    return problemType(this.code);
  }

  /**
   * The response body; `instance` is the request id, `origin` makes `type` absolute (a page explaining the code).
   * Texts and lists are cut to the contract's limits.
   */
  toProblem(instance?: string, origin?: string): Problem {
    const full = withFieldReasons(this.detail, this.errors);
    const detail = full === undefined ? undefined : clip(full, PROBLEM_LIMITS.text);
    const errors = this.errors
      ?.slice(0, PROBLEM_LIMITS.errors)
      .map((error) => ({ pointer: clip(error.pointer, PROBLEM_LIMITS.pointer), detail: clip(error.detail, PROBLEM_LIMITS.fieldText) }));
    return {
      type: origin ? `${origin.replace(/\/+$/, '')}${this.type}` : this.type,
      title: this.title,
      status: this.status,
      ...(detail !== undefined && { detail }),
      // Clients (n8n among them) show `message`, not `errors[]`: the reason has to be in the sentence.
      message: detail ?? this.title,
      ...(instance !== undefined && { instance }),
      code: this.code,
      retryable: this.retryable,
      ...(errors && { errors }),
    };
  }
}

/** Cuts a text to at most `max` UTF-16 units (so characters), marking the cut and never halving a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** One RFC 6901 reference token: `~` and `/` escaped; symbols and numbers stringified. */
function pointerToken(segment: PropertyKey): string {
  const text = typeof segment === 'symbol' ? (segment.description ?? segment.toString()) : String(segment);
  return text.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** `('body', ['items', 0, 'url'])` -> `/body/items/0/url`. */
export function toPointer(location: InputLocation, path: readonly PropertyKey[]): string {
  return ['', location, ...path.map(pointerToken)].join('/');
}

/** Turns zod issues into field errors; unrecognized keys get one pointer each. */
export function issuesToFieldErrors(issues: readonly IssueLike[], location: InputLocation): FieldError[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' && issue.keys?.length
      ? issue.keys.map((key) => ({
          pointer: toPointer(location, [...issue.path, key]),
          detail: location === 'query' ? `Unknown parameter '${key}'` : `Unknown field '${key}'`,
        }))
      : [{ pointer: toPointer(location, issue.path), detail: issue.message }],
  );
}

/** 400 on one body field, shaped like the binder's validation failures (for checks the schema cannot make: stored rows, lengths after normalising). */
export const invalidField = (field: string, detail: string) =>
  new HttpProblem({
    status: 400,
    code: 'validation_failed',
    title: 'Validation failed',
    detail: 'Invalid request body.',
    errors: [{ pointer: `/body/${field}`, detail }],
  });

/** 400 for input that is malformed as a whole (unparseable JSON and the like). */
export const badRequest = (detail?: string, errors?: FieldError[]) =>
  new HttpProblem({ status: 400, code: 'bad_request', title: 'Bad request', detail, errors });

/** 400 with one field error per zod issue, pointers prefixed by where the input came from. */
export function validationFailed(issues: readonly IssueLike[], location: InputLocation, detail?: string): HttpProblem {
  const errors = issuesToFieldErrors(issues, location);
  return new HttpProblem({
    status: 400,
    code: 'validation_failed',
    title: 'Validation failed',
    detail: detail ?? `The request ${location === 'params' ? 'path' : location} is invalid.`,
    errors,
  });
}

export const unauthorized = (detail = 'Sign in to continue.') =>
  new HttpProblem({ status: 401, code: 'unauthorized', title: 'Authentication required', detail });

export const forbidden = (detail = 'You do not have permission to do this.') =>
  new HttpProblem({ status: 403, code: 'forbidden', title: 'Forbidden', detail });

export const notFound = (detail = 'The requested resource was not found.') =>
  new HttpProblem({ status: 404, code: 'not_found', title: 'Not found', detail });

/** 405 with the `Allow` header listing what the path does accept. */
export const methodNotAllowed = (allowed: readonly string[]) =>
  new HttpProblem({
    status: 405,
    code: 'method_not_allowed',
    title: 'Method not allowed',
    detail: `Allowed methods: ${allowed.join(', ')}.`,
    headers: { Allow: allowed.join(', ') },
  });

export const conflict = (detail = 'The request conflicts with the current state.') =>
  new HttpProblem({ status: 409, code: 'conflict', title: 'Conflict', detail });

export const payloadTooLarge = (detail = 'The request body is too large.') =>
  new HttpProblem({ status: 413, code: 'payload_too_large', title: 'Payload too large', detail });

/** 429 with `Retry-After` in whole seconds. */
export const tooManyRequests = (retryAfterSeconds: number, detail = 'Too many requests. Try again later.') =>
  new HttpProblem({
    status: 429,
    code: 'rate_limited',
    title: 'Too many requests',
    detail,
    retryable: true,
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** 503: the file storage cannot be reached, so nothing was stored; worth trying again shortly. */
export const storageUnavailable = () =>
  new HttpProblem({
    status: 503,
    code: 'storage_unavailable',
    title: 'File storage unavailable',
    detail: 'The file storage cannot be reached right now. Nothing was stored; try again in a moment.',
    retryable: true,
    headers: { 'Retry-After': '10' },
  });

/** 503: the database cannot be reached (restarting, refusing or cutting connections); worth trying again shortly. */
export const databaseUnavailable = () =>
  new HttpProblem({
    status: 503,
    code: 'unavailable',
    title: 'Service unavailable',
    detail: 'The database cannot be reached right now. Try again in a moment; a retry with the same Idempotency-Key is safe.',
    retryable: true,
    headers: { 'Retry-After': '5' },
  });

/** The masked answer for anything unexpected; the real error is only logged. */
export const internalError = (cause?: unknown) =>
  new HttpProblem({
    status: 500,
    code: 'internal_error',
    title: 'Internal server error',
    detail: 'Something went wrong on our side. Quote the instance id when contacting support.',
    retryable: true,
    cause,
  });

export const badGateway = (detail = 'An upstream provider failed.', cause?: unknown) =>
  new HttpProblem({ status: 502, code: 'upstream_failed', title: 'Upstream provider failed', detail, retryable: true, cause });
