// The single error serializer: every failure becomes application/problem+json here, and only here.
import { NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { badRequest, conflict, HttpProblem, type HttpProblemInit, internalError, notFound, payloadTooLarge } from '../errors.ts';
import type { AppContext } from './context.ts';
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

/** Maps any thrown value to the problem the client sees. Unknown errors become a masked 500. */
export function toHttpProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
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

/** Logs what is unexpected with the request id, and answers with the problem (run by the request frame). */
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
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify(problem.toProblem(ctx.state.requestId, appOrigin(ctx)));
}
