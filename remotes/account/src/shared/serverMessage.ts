import { ApiError, toMessage } from '@app/api-client';

/**
 * The message to show for a failed call. A validation problem's own detail is generic ("Invalid request
 * body."), so its first field error says more; otherwise the problem's detail or title, else `fallback`.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const fieldError = error instanceof ApiError ? error.problem.errors?.[0]?.detail : undefined;
  return fieldError ?? toMessage(error, fallback);
}
