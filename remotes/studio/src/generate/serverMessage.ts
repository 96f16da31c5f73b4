import { ApiError, toMessage } from '@app/api-client';

/** A failure the studio words itself (e.g. 'Failed to upload image'), shown as is. */
export class StudioError extends Error {
  override name = 'StudioError';
}

/** The server's (or the studio's own) words for a failure; anything else (network, bugs) gets the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return toMessage(error, fallback);
  if (error instanceof StudioError) return error.message;
  return fallback;
}
