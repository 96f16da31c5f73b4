import type { components } from './generated/schema.d.ts';

export type Problem = components['schemas']['Problem'];

/** Thrown by `request` (and so caught by `useMutation`) when the server answers with a problem. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'status' in value && 'title' in value;
}

/** Turns any error body (problem+json, plain text, nothing) into a Problem. */
export function toProblem(body: unknown, response: Response): Problem {
  if (isProblem(body)) return body;
  const text = typeof body === 'string' && body ? body : response.statusText;
  const title = `${response.status}: ${text}`;
  return {
    type: 'about:blank',
    title,
    message: title,
    status: response.status,
    code: 'http_error',
    retryable: response.status >= 500,
  };
}

/**
 * A message fit for a toast: a problem's first field error (a validation problem's own detail is generic), its detail,
 * or its title; anything else (offline, a bug) gets the fallback.
 */
export function toMessage(error: unknown, fallback: string): string {
  const problem = error instanceof ApiError ? error.problem : isProblem(error) ? error : undefined;
  return problem?.errors?.[0]?.detail ?? problem?.detail ?? problem?.title ?? fallback;
}

/**
 * Field errors keyed by field name (the path after `/body/` in each pointer, dotted when nested),
 * ready for react-aria-components `<Form validationErrors>`.
 */
export function toFieldErrors(error: unknown): Record<string, string> {
  const problem = error instanceof ApiError ? error.problem : isProblem(error) ? error : undefined;
  const out: Record<string, string> = {};
  for (const e of problem?.errors ?? []) {
    const name = e.pointer.split('/').filter(Boolean).slice(1).join('.');
    if (name && !(name in out)) out[name] = e.detail;
  }
  return out;
}
