// The problems the auth routes answer with, beyond the generic ones in errors.ts.
import { HttpProblem } from '../../errors.ts';

/** Same answer for an unknown username and a wrong password. */
export const invalidCredentials = () =>
  new HttpProblem({ status: 401, code: 'invalid_credentials', title: 'Sign-in failed', detail: 'Invalid username or password' });

/** Only after a correct password, so it does not reveal that the account exists to someone guessing. */
export const accountDisabled = () =>
  new HttpProblem({ status: 403, code: 'account_disabled', title: 'Account disabled', detail: 'Account is disabled' });

export const usernameTaken = () =>
  new HttpProblem({
    status: 409,
    code: 'username_taken',
    title: 'Conflict',
    detail: 'Username is already taken',
    errors: [{ pointer: '/body/username', detail: 'Username is already taken' }],
  });

export const googleDisabled = () =>
  new HttpProblem({ status: 503, code: 'google_disabled', title: 'Google sign-in is off', detail: 'Google sign-in is not enabled.' });

export const googleUnavailable = () =>
  new HttpProblem({
    status: 503,
    code: 'google_unavailable',
    title: 'Google sign-in unavailable',
    detail: 'Google could not be reached. Try again in a moment.',
    retryable: true,
  });
