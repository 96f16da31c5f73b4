import {
  PasskeyCreationOptions,
  PasskeyOptionsBody,
  PasskeyRegisterBody,
  PasskeyRenameBody,
  PasskeyRequestOptions,
  PasskeySignInBody,
} from './account.passkeys.ts';
import { Passkey } from './account.security.ts';
import { AuthResponse } from './account.ts';
import { IdParams } from './common.ts';
import { defineRoute, type ProblemExample } from './route.ts';

const tags = ['Account security'];
const PASSKEY_INVALID: ProblemExample = {
  code: 'passkey_invalid',
  title: 'Passkey not accepted',
  detail: 'This passkey was not accepted: it may have been removed from the account, or the request expired. Try again.',
};

export const getPasskeyRegistrationOptions = defineRoute({
  method: 'post',
  path: '/api/user/passkeys/options',
  operationId: 'getPasskeyRegistrationOptions',
  summary: 'Start adding a passkey',
  description: 'Options for `startRegistration`; their challenge works once, for 5 minutes.',
  tags,
  role: 'user',
  responses: { 200: { description: 'Options for the browser.', schema: PasskeyCreationOptions } },
  problems: [409],
  problemExamples: { 409: [{ code: 'conflict', title: 'Conflict', detail: 'You already have 20 passkeys. Remove one first.' }] },
});

export const registerPasskey = defineRoute({
  method: 'post',
  path: '/api/user/passkeys',
  operationId: 'registerPasskey',
  summary: 'Add a passkey',
  description:
    "Verifies the browser's answer against the challenge of `POST /api/user/passkeys/options` (used up either way) and this site's id and origin (from PUBLIC_URL). A passkey counts as a second factor.",
  tags,
  role: 'user',
  request: { body: PasskeyRegisterBody },
  responses: { 201: { description: 'Added.', schema: Passkey } },
  problemExamples: { 400: [{ ...PASSKEY_INVALID, errors: [{ pointer: '/body/response', detail: 'The passkey could not be verified.' }] }] },
});

export const renamePasskey = defineRoute({
  method: 'patch',
  path: '/api/user/passkeys/{id}',
  operationId: 'renamePasskey',
  summary: 'Rename a passkey',
  tags,
  role: 'user',
  request: { params: IdParams, body: PasskeyRenameBody },
  responses: { 200: { description: 'Renamed.', schema: Passkey } },
});

export const deletePasskey = defineRoute({
  method: 'delete',
  path: '/api/user/passkeys/{id}',
  operationId: 'deletePasskey',
  summary: 'Remove a passkey',
  description:
    'It can no longer sign in or confirm checks. The recovery codes go with the last second factor; an admin who would be left without one while the setting requires it answers 409.',
  tags,
  role: 'user',
  request: { params: IdParams },
  responses: { 204: { description: 'Removed.' } },
  problems: [409],
  problemExamples: {
    409: [
      { code: 'conflict', title: 'Conflict', detail: 'Admins must keep a second factor. Add another one before removing this passkey.' },
    ],
  },
});

export const getPasskeyAuthenticationOptions = defineRoute({
  method: 'post',
  path: '/api/auth/passkey/options',
  operationId: 'getPasskeyAuthenticationOptions',
  summary: 'Ask the browser for a passkey',
  description:
    'Options for `startAuthentication`; their challenge works once, for 5 minutes. `sign_in` lets the browser offer any passkey of this site (discoverable credentials); `second_factor` needs the pending sign-in of `POST /api/auth/login`; `step_up` a session.',
  tags: ['Auth'],
  role: 'anonymous',
  request: { body: PasskeyOptionsBody },
  responses: { 200: { description: 'Options for the browser.', schema: PasskeyRequestOptions } },
  problems: [401],
  problemExamples: {
    401: [{ code: 'sign_in_expired', title: 'Sign in again', detail: 'This sign-in took too long. Enter your password again.' }],
  },
});

export const signInWithPasskey = defineRoute({
  method: 'post',
  path: '/api/auth/passkey',
  operationId: 'signInWithPasskey',
  summary: 'Sign in with a passkey',
  description:
    'Verifies the answer to `sign_in` options (their challenge is used up either way) and signs in the passkey’s account; a passkey is a second factor in itself, so no code is asked. A removed passkey, a replayed or expired challenge answers 401 `passkey_invalid`; failures count against the sign-in limits of the address.',
  tags: ['Auth'],
  role: 'anonymous',
  request: { body: PasskeySignInBody },
  responses: { 200: { description: 'Signed in; the session cookie is set.', schema: AuthResponse } },
  problems: [401, 429],
  problemExamples: {
    401: [PASSKEY_INVALID],
    403: [{ code: 'account_disabled', title: 'Account disabled', detail: 'Account is disabled' }],
  },
});

export const accountPasskeyRoutes = [
  getPasskeyRegistrationOptions,
  registerPasskey,
  renamePasskey,
  deletePasskey,
  getPasskeyAuthenticationOptions,
  signInWithPasskey,
] as const;
