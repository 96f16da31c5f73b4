import { ApiError, toMessage } from '@app/api-client';

/**
 * 'HTTP {status}: {body}' for a failed user save (spec 001 §8), with the problem's detail as the
 * body. The client already words non-JSON failures as '{status}: {text}', so those get only the prefix.
 */
export function httpErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return toMessage(error, fallback);
  const { problem } = error;
  if (problem.code === 'http_error' && !problem.detail) return `HTTP ${problem.title}`;
  return `HTTP ${error.status}: ${problem.detail ?? problem.title}`;
}
