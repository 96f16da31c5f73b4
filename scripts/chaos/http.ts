// The users' HTTP client: everything goes through the proxy like a browser or an integrator, with a time-out, and
// is written to the journal.
import type { Journal } from './journal.ts';

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  bearer?: string;
  idempotencyKey?: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export class Client {
  readonly base: string;
  readonly journal: Journal;
  readonly user: string;

  constructor(base: string, journal: Journal, user: string) {
    this.base = base;
    this.journal = journal;
    this.user = user;
  }

  /** One request; a network error or time-out answers status 0 (and is journaled as such). */
  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const startedAt = Date.now();
    const record = (status: number, error?: string, problem?: string) =>
      this.journal.calls.push({
        user: this.user,
        method,
        path: path.split('?')[0] as string,
        startedAt,
        endedAt: Date.now(),
        status,
        error,
        problem,
        signedIn: Boolean(options.cookie),
      });
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        headers: {
          origin: this.base,
          ...(options.body !== undefined && { 'content-type': 'application/json' }),
          ...(options.cookie && { cookie: options.cookie }),
          ...(options.bearer && { authorization: `Bearer ${options.bearer}` }),
          ...(options.idempotencyKey && { 'idempotency-key': options.idempotencyKey }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try {
        body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {};
      } catch {
        // not JSON after all
      }
      record(response.status, undefined, typeof body.code === 'string' ? body.code : undefined);
      return { status: response.status, headers: response.headers, body, text };
    } catch (error) {
      record(0, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      return { status: 0, headers: new Headers(), body: {}, text: '' };
    }
  }

  /**
   * An integrator's retrying call: the same Idempotency-Key again after a time-out, a 5xx or a 409 saying the key's
   * first request is still running (as Stripe's SDKs retry a 409), with a growing pause (at least what Retry-After
   * asks), until another answer or the attempts run out.
   */
  async retrying(method: string, path: string, options: CallOptions, attempts = 10): Promise<Answer> {
    let answer = await this.call(method, path, options);
    for (let attempt = 1; attempt < attempts && shouldRetry(answer); attempt++) {
      const asked = Number(answer.headers.get('retry-after')) * 1000 || 0;
      await new Promise((resolve) => setTimeout(resolve, Math.max(asked, Math.min(500 * 2 ** attempt, 10_000))));
      answer = await this.call(method, path, options);
    }
    return answer;
  }
}

/** No answer, a server failure, or the key's first request still running: the same request may be sent again. */
export function shouldRetry(answer: Answer): boolean {
  return answer.status === 0 || answer.status >= 500 || (answer.status === 409 && answer.body.code === 'idempotency_in_progress');
}
