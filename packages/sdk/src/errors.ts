// What every failed call throws: the server's problem+json (RFC 9457) as a typed error.
import type { components } from './generated/schema.ts';

export type Problem = components['schemas']['Problem'];

/** A non-2xx answer of the API; `problem` is the full problem+json body. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  readonly problem: Partial<Problem>;

  constructor(status: number, body: unknown) {
    // A proxy in front of the API may answer with something other than problem+json.
    const problem: Partial<Problem> = body && typeof body === 'object' ? (body as Partial<Problem>) : {};
    const title = problem.title ?? `HTTP ${status}`;
    super(problem.detail ? `${title}: ${problem.detail}` : title);
    this.name = 'ApiError';
    this.status = status;
    this.title = title;
    this.detail = problem.detail;
    this.code = problem.code;
    this.problem = problem;
  }
}

/** `waitFor` gave up before the task ended; the task goes on and can be read later with `getTask`. */
export class WaitTimeoutError extends Error {
  readonly taskId: string;

  constructor(taskId: string, timeoutMs: number) {
    super(`task ${taskId} did not end within ${timeoutMs} ms`);
    this.name = 'WaitTimeoutError';
    this.taskId = taskId;
  }
}
