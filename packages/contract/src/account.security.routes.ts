import {
  AccountSecurity,
  AdminSecuritySettings,
  AdminSecuritySettingsUpdate,
  RecoveryCodes,
  SecondFactorSignInBody,
  StepUpBody,
  StepUpResult,
  TotpEnableBody,
  TotpSetup,
} from './account.security.ts';
import { AuthResponse } from './account.ts';
import { defineRoute, type ProblemExample } from './route.ts';

const tags = ['Account security'];

const TOO_MANY_SIGN_INS: ProblemExample = {
  code: 'rate_limited',
  title: 'Too many requests',
  detail: 'Too many sign-in attempts. Try again later.',
  retryable: true,
};
const CODE_INVALID: ProblemExample = {
  code: 'second_factor_invalid',
  title: 'Code not accepted',
  detail: 'That code is not right. Enter the current code from your authenticator app, or a recovery code.',
  errors: [{ pointer: '/body/code', detail: 'That code is not right.' }],
};
const TOTP_CODE_INVALID: ProblemExample = {
  code: 'second_factor_invalid',
  title: 'Code not accepted',
  detail: 'That code is not right. Enter the code your authenticator app shows now.',
  errors: [{ pointer: '/body/code', detail: 'That code is not right.' }],
};

export const getAccountSecurity = defineRoute({
  method: 'get',
  path: '/api/user/security',
  operationId: 'getAccountSecurity',
  summary: "The account's email check, second factor and passkeys",
  tags,
  role: 'user',
  responses: { 200: { description: 'What guards the account.', schema: AccountSecurity } },
});

export const completeSecondFactorSignIn = defineRoute({
  method: 'post',
  path: '/api/auth/login/second-factor',
  operationId: 'completeSecondFactorSignIn',
  summary: 'Finish a sign-in with the second factor',
  description:
    'After `POST /api/auth/login` answered 202 (the password was right and the account has a second factor), this takes a 6-digit authenticator code, a recovery code (used up) or a passkey answer and only then starts the session. The pending sign-in lives 5 minutes in a short httpOnly cookie. Wrong codes count against the same limits as wrong passwords.',
  tags: ['Auth'],
  role: 'anonymous',
  request: { body: SecondFactorSignInBody },
  responses: { 200: { description: 'Signed in; the session cookie is set.', schema: AuthResponse } },
  problems: [401, 429],
  problemExamples: {
    401: [
      CODE_INVALID,
      { code: 'sign_in_expired', title: 'Sign in again', detail: 'This sign-in took too long. Enter your password again.' },
    ],
    429: [TOO_MANY_SIGN_INS],
  },
});

export const stepUp = defineRoute({
  method: 'post',
  path: '/api/auth/step-up',
  operationId: 'stepUp',
  summary: 'Confirm it is you (step-up)',
  description:
    'A fresh check for the calls that move money or power: a second-factor code or passkey answer (an account without a second factor gives its password). The session may then make those calls for 10 minutes. Wrong answers count against the sign-in limits.',
  tags,
  role: 'user',
  request: { body: StepUpBody },
  responses: { 200: { description: 'Confirmed.', schema: StepUpResult } },
  problems: [429],
  problemExamples: {
    400: [
      CODE_INVALID,
      {
        code: 'validation_failed',
        title: 'Validation failed',
        detail: 'Invalid request body.',
        errors: [{ pointer: '/body/password', detail: 'That password is not right.' }],
      },
    ],
    429: [TOO_MANY_SIGN_INS],
  },
});

export const startTotpSetup = defineRoute({
  method: 'post',
  path: '/api/user/second-factor/totp/setup',
  operationId: 'startTotpSetup',
  summary: 'Start setting up an authenticator app',
  description: 'A new secret with its QR code; nothing changes until a code from it is confirmed with `POST /api/user/second-factor/totp`.',
  tags,
  role: 'user',
  responses: { 200: { description: 'Scan the QR code, then confirm a code.', schema: TotpSetup } },
  problems: [409],
  problemExamples: { 409: [{ code: 'conflict', title: 'Conflict', detail: 'An authenticator app is already set up. Remove it first.' }] },
});

export const enableTotp = defineRoute({
  method: 'post',
  path: '/api/user/second-factor/totp',
  operationId: 'enableTotp',
  summary: 'Confirm the authenticator app',
  description:
    'Checks a code from the secret of the set-up, turns the second factor on and answers ten recovery codes, shown this once. Needs a recent check (step-up).',
  tags,
  role: 'user',
  request: { body: TotpEnableBody },
  responses: { 200: { description: 'On; keep the recovery codes.', schema: RecoveryCodes } },
  problems: [409],
  problemExamples: {
    400: [TOTP_CODE_INVALID],
    409: [{ code: 'conflict', title: 'Conflict', detail: 'Start the set-up first.' }],
  },
});

export const disableTotp = defineRoute({
  method: 'delete',
  path: '/api/user/second-factor/totp',
  operationId: 'disableTotp',
  summary: 'Remove the authenticator app',
  description:
    'Needs a recent check (step-up). The recovery codes go with the last second factor. An admin who would be left without one while the setting requires it answers 409.',
  tags,
  role: 'user',
  responses: { 204: { description: 'Removed.' } },
  problems: [409],
  problemExamples: {
    409: [
      {
        code: 'conflict',
        title: 'Conflict',
        detail: 'Admins must keep a second factor. Add a passkey before removing the authenticator app.',
      },
    ],
  },
});

export const regenerateRecoveryCodes = defineRoute({
  method: 'post',
  path: '/api/user/second-factor/recovery-codes',
  operationId: 'regenerateRecoveryCodes',
  summary: 'New recovery codes',
  description: 'Replaces every recovery code with ten new ones, shown this once. Needs a second factor and a recent check (step-up).',
  tags,
  role: 'user',
  responses: { 200: { description: 'The new codes.', schema: RecoveryCodes } },
  problems: [409],
  problemExamples: { 409: [{ code: 'conflict', title: 'Conflict', detail: 'Set up a second factor first.' }] },
});

export const getAdminSecuritySettings = defineRoute({
  method: 'get',
  path: '/api/admin/security-settings',
  operationId: 'getAdminSecuritySettings',
  summary: 'Sign-in rules for admins',
  tags: ['Admin'],
  role: 'admin',
  responses: { 200: { description: 'The rules.', schema: AdminSecuritySettings } },
});

export const updateAdminSecuritySettings = defineRoute({
  method: 'put',
  path: '/api/admin/security-settings',
  operationId: 'updateAdminSecuritySettings',
  summary: 'Change the sign-in rules for admins',
  description:
    'Requiring a second factor of every admin needs the acting admin to have one (409 otherwise). The change and its values before and after are in the audit log. Needs a recent check (step-up).',
  tags: ['Admin'],
  role: 'admin',
  request: { body: AdminSecuritySettingsUpdate },
  responses: { 200: { description: 'The rules now.', schema: AdminSecuritySettings } },
  problems: [409],
  problemExamples: {
    409: [{ code: 'conflict', title: 'Conflict', detail: 'Set up your own second factor before requiring one of every admin.' }],
  },
});

export const accountSecurityRoutes = [
  getAccountSecurity,
  completeSecondFactorSignIn,
  stepUp,
  startTotpSetup,
  enableTotp,
  disableTotp,
  regenerateRecoveryCodes,
  getAdminSecuritySettings,
  updateAdminSecuritySettings,
] as const;
