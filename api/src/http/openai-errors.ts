// OpenAI's error body for the OpenAI-compatible API (`/v1/*`): `{"error":{"message","type","param","code"}}` with our
// status and problem code, because OpenAI's clients read only that shape. Every other path keeps problem+json
// (`answerProblem` chooses by path).
import type { OpenAIError } from '@app/contract';
import type { HttpProblem } from '../errors.ts';

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

/** A problem as OpenAI's clients read it. */
export function toOpenAIError(problem: HttpProblem): OpenAIError {
  const body = problem.toProblem();
  return {
    error: { message: body.message, type: errorType(problem.status), param: paramOf(problem.errors?.[0]?.pointer), code: problem.code },
  };
}
