// OpenAI's error body for the OpenAI-compatible API (`/v1/*`): `{"error":{"message","type","param","code"}}` with our
// status and problem code, because OpenAI's clients read only that shape. Every other path keeps problem+json.
import type { OpenAIError } from '@app/contract';
import type { Middleware, Next } from 'koa';
import type { AppContext, AppContextExtras, AppState } from './context.ts';
import { toHttpProblem } from './problem-handler.ts';

export const OPENAI_PREFIX = '/v1/';

/** OpenAI's error `type` for each of our statuses. */
function errorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_error';
  if (status === 429) return 'rate_limit_error';
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

/** `/body/size` -> `size`, `/body/image[]/1` -> `image[]`: the field OpenAI's `param` names. */
const paramOf = (pointer: string | undefined) => pointer?.split('/')[2]?.replace(/~1/g, '/').replace(/~0/g, '~') || null;

/** Placed inside the problem handler: failures under `/v1/` are answered here in OpenAI's shape (5xx logged as there). */
export function openaiErrors(): Middleware<AppState, AppContextExtras> {
  // Every other path passes straight on, without a frame of its own.
  return (ctx, next) => (ctx.path.startsWith(OPENAI_PREFIX) ? answerInOpenAIShape(ctx, next) : next());
}

async function answerInOpenAIShape(ctx: AppContext, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const problem = toHttpProblem(error);
    if (problem.status >= 500) {
      ctx.services.logger.error(
        { reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, err: problem.cause ?? error },
        'unhandled error',
      );
    }
    if (ctx.headerSent || !ctx.writable) return;
    const body = problem.toProblem();
    const answer: OpenAIError = {
      error: { message: body.message, type: errorType(problem.status), param: paramOf(problem.errors?.[0]?.pointer), code: problem.code },
    };
    ctx.status = problem.status;
    for (const [name, value] of Object.entries(problem.headers)) ctx.set(name, value);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(answer);
  }
}
