// Password hashing from a request: a full (or too slow) hashing queue becomes a retryable 429 instead of a 500 or a
// request left hanging.
import type { IncomingMessage } from 'node:http';
import { tooManyRequests } from '../../../errors.ts';
import { HashingBusyError, passwords } from './password.ts';

async function busyAware<T>(job: () => Promise<T>): Promise<T> {
  try {
    return await job();
  } catch (error) {
    if (error instanceof HashingBusyError)
      throw tooManyRequests(error.retryAfterSeconds, 'The server is busy checking passwords. Try again in a moment.');
    throw error;
  }
}

/**
 * Whether the request's client still waits for its answer. Behind a load balancer that closes the upstream connection
 * when its client gives up (nginx's default; the cluster proxy too), a timed-out request's socket is destroyed: its
 * queued hash is skipped, instead of being computed for nobody while the client's retry waits behind it.
 */
export const clientWaits = (ctx: { req: IncomingMessage }) => () => !ctx.req.socket.destroyed;

/** `passwords.hash`, answering 429 when the hashing queue is full (or `wanted` says the client has gone). */
export const hashPassword = (password: string, wanted?: () => boolean) => busyAware(() => passwords.hash(password, wanted));

/** `passwords.verify`, answering 429 when the hashing queue is full (or `wanted` says the client has gone). */
export const verifyPassword = (stored: string | null | undefined, password: string, wanted?: () => boolean) =>
  busyAware(() => passwords.verify(stored, password, wanted));
