// The problems of the second-factor rules.
import { SECOND_FACTOR_REQUIRED, STEP_UP_REQUIRED } from '@app/contract';
import { HttpProblem } from '../../../errors.ts';

export const stepUpRequired = () =>
  new HttpProblem({
    status: 401,
    code: STEP_UP_REQUIRED,
    title: 'Confirm it is you',
    detail: 'This change needs a second-factor check within the last 10 minutes. Confirm it is you, then try again.',
  });

export const secondFactorRequired = () =>
  new HttpProblem({
    status: 403,
    code: SECOND_FACTOR_REQUIRED,
    title: 'Second factor required',
    detail: 'Admins must use a second factor. Set up an authenticator app or a passkey under My Account, then come back.',
  });

/** A wrong code, recovery code or passkey answer; `status` 401 at sign-in, 400 at a check of a signed-in session. */
export const codeInvalid = (
  status: 400 | 401,
  detail = 'That code is not right. Enter the current code from your authenticator app, or a recovery code.',
) =>
  new HttpProblem({
    status,
    code: 'second_factor_invalid',
    title: 'Code not accepted',
    detail,
    errors: [{ pointer: '/body/code', detail: 'That code is not right.' }],
  });

export const signInExpired = () =>
  new HttpProblem({
    status: 401,
    code: 'sign_in_expired',
    title: 'Sign in again',
    detail: 'This sign-in took too long. Enter your password again.',
  });
