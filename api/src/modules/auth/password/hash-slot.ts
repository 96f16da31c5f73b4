// Password hashing from a request: a full (or too slow) hashing queue becomes a retryable 429 instead of a 500 or a
// request left hanging.
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

/** `passwords.hash`, answering 429 when the hashing queue is full. */
export const hashPassword = (password: string) => busyAware(() => passwords.hash(password));

/** `passwords.verify`, answering 429 when the hashing queue is full. */
export const verifyPassword = (stored: string | null | undefined, password: string) => busyAware(() => passwords.verify(stored, password));
