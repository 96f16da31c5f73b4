import type { components } from './generated/schema.d.ts';

export type Problem = components['schemas']['Problem'];

/** Thrown by the client's SWR fetchers and `unwrap` when the server answers with an error. */
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

/** A message fit for a toast: the problem's detail, its title, or the fallback. */
export function toMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.problem.detail ?? error.problem.title ?? fallback;
  if (isProblem(error)) return error.detail ?? error.title ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
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
