// The single error serializer: every failure becomes application/problem+json here, and only here.
import { ConnectionException, DriverException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Logger } from 'pino';
import {
  badRequest,
  conflict,
  databaseUnavailable,
  HttpProblem,
  type HttpProblemInit,
  internalError,
  notFound,
  payloadTooLarge,
} from '../errors.ts';
import type { AppContext } from './context.ts';
import { OPENAI_PREFIX, toOpenAIError } from './openai-errors.ts';
import { appOrigin } from './origin.ts';

/**
 * Client errors from Koa and the body parser carry a 4xx status: http-errors sets `expose`,
 * co-body's JSON parse failure is a SyntaxError with `status = 400` and no `expose`.
 */
interface ClientHttpError {
  status: number;
  expose?: boolean;
  message: string;
}

function isClientHttpError(error: unknown): error is ClientHttpError {
  const e = error as Partial<ClientHttpError> | null;
  return typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose !== false;
}

const CLIENT_ERROR_CODES: Record<number, Pick<HttpProblemInit, 'code' | 'title'>> = {
  400: { code: 'bad_request', title: 'Bad request' },
  411: { code: 'length_required', title: 'Length required' },
  415: { code: 'unsupported_media_type', title: 'Unsupported media type' },
};

/**
 * Socket codes and SQLSTATEs of a database that is away: refused or cut connections, an admin or crash shutdown
 * (57P01-57P03), a connection failure (08xxx), too many connections (53300).
 */
const DATABASE_AWAY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300']);
/** What pg says when a connection ends under a query, or the pool waited too long for one. */
const DATABASE_AWAY_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Whether a driver error says the database cannot be reached (rather than that the query was wrong). */
export function isDatabaseAway(error: unknown): boolean {
  if (error instanceof ConnectionException) return true;
  if (!(error instanceof DriverException)) return false;
  const code = String(error.code ?? '');
  return DATABASE_AWAY_CODES.has(code) || code.startsWith('08') || DATABASE_AWAY_MESSAGE.test(error.message);
}

/** Maps any thrown value to the problem the client sees. Unknown errors become a masked 500. */
export function toHttpProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (isDatabaseAway(error)) return databaseUnavailable();
  if (error instanceof NotFoundError) return notFound();
  if (error instanceof UniqueConstraintViolationException) return conflict('A record with the same unique value already exists.');
  if (isClientHttpError(error)) {
    if (error.status === 413) return payloadTooLarge();
    if (error instanceof SyntaxError) return badRequest('The request body is not valid JSON.');
    const known = CLIENT_ERROR_CODES[error.status] ?? { code: 'bad_request', title: 'Bad request' };
    return new HttpProblem({ status: error.status, ...known, detail: error.message });
  }
  return internalError(error);
}

/**
 * Logs what is unexpected with the request id, and answers with the problem (run by the request frame): in OpenAI's
 * error shape under its API's prefix, problem+json everywhere else.
 */
export function answerProblem(ctx: AppContext, error: unknown, logger: Logger): void {
  const problem = toHttpProblem(error);
  if (problem.status >= 500 && problem.retryable && !problem.cause) {
    // A deliberate refusal for now (load shed, a dependency away), answered with when to retry: not a defect.
    logger.warn({ reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, code: problem.code }, 'refused for now');
  } else if (problem.status >= 500) {
    logger.error({ reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, err: problem.cause ?? error }, 'unhandled error');
  }
  if (ctx.headerSent || !ctx.writable) return;
  ctx.status = problem.status;
  for (const [name, value] of Object.entries(problem.headers)) ctx.set(name, value);
  if (ctx.path.startsWith(OPENAI_PREFIX)) {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(toOpenAIError(problem));
    return;
  }
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify(problem.toProblem(ctx.state.requestId, appOrigin(ctx)));
}
