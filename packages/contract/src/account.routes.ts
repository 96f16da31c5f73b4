import { SecondFactorChallenge } from './account.security.ts';
import {
  ApiToken,
  ApiTokenCaps,
  ApiTokenCreateBody,
  ApiTokenList,
  AuthResponse,
  ChangePasswordBody,
  CreatedApiToken,
  CurrentUserResponse,
  GoogleAuthStatus,
  GoogleAuthUrl,
  GoogleCallbackQuery,
  LoginBody,
  RegisterBody,
} from './account.ts';
import { IdParams, MessageResponse } from './common.ts';
import { LIMITS } from './constants.ts';
import { IdempotencyHeaders, REPLAYED_HEADERS, withIdempotencyProblems } from './idempotency.ts';
import { defineRoute, type ProblemExample } from './route.ts';

const CSRF_REJECTED: ProblemExample = {
  code: 'csrf_rejected',
  title: 'Cross-site request refused',
  detail: 'This request came from another site. Reload the page and try again.',
};
const HASHING_BUSY: ProblemExample = {
  code: 'rate_limited',
  title: 'Too many requests',
  detail: 'The server is busy checking passwords. Try again in a moment.',
  retryable: true,
};
const TOO_MANY_SIGN_INS: ProblemExample = {
  code: 'rate_limited',
  title: 'Too many requests',
  detail: 'Too many sign-in attempts. Try again later.',
  retryable: true,
};

const redirect = {
  description: 'Redirect to `/login?auth=success&user=...` or `/login?auth=error&message=...`.',
  headers: {
    Location: {
      description: 'Where the browser goes next.',
      schema: { type: 'string' as const, format: 'uri-reference', maxLength: 2048 },
    },
  },
};

export const registerUser = defineRoute({
  method: 'post',
  path: '/api/auth/register',
  operationId: 'registerUser',
  summary: 'Create an account',
  description:
    'Creates a user with the start credits of the admin settings, written to the credits ledger as a `bonus` entry (ledger entry types: `purchase`, `refund`, `usage`, `bonus`, `adjustment`). Does not sign in: the user signs in next. A username taken in any letter case answers 409 with the pointer `/body/username`. Rate limited per IP.',
  tags: ['Auth'],
  role: 'anonymous',
  request: { body: RegisterBody },
  responses: { 201: { description: 'Created.', schema: AuthResponse } },
  problems: [409, 429],
  problemExamples: {
    409: [
      {
        code: 'username_taken',
        title: 'Conflict',
        detail: 'Username is already taken',
        errors: [{ pointer: '/body/username', detail: 'Username is already taken' }],
      },
    ],
    429: [
      {
        code: 'rate_limited',
        title: 'Too many requests',
        detail: 'Too many sign-ups from this network. Try again later.',
        retryable: true,
      },
      HASHING_BUSY,
    ],
  },
});

export const loginUser = defineRoute({
  method: 'post',
  path: '/api/auth/login',
  operationId: 'loginUser',
  summary: 'Sign in with username and password',
  description:
    'Sets a new session cookie (any previous session id of this browser is replaced), or, for an account with a second factor, answers 202 and waits for it. A wrong username or password answers 401 (the same answer for both); a disabled account answers 403 only after a correct password. Rate limited per IP and per username.',
  tags: ['Auth'],
  role: 'anonymous',
  request: { body: LoginBody },
  responses: {
    200: { description: 'Signed in; the session cookie is set.', schema: AuthResponse },
    202: {
      description:
        'The password was right and the account has a second factor: no session yet. Finish with `POST /api/auth/login/second-factor` within 5 minutes.',
      schema: SecondFactorChallenge,
    },
  },
  problems: [401, 403, 429],
  problemExamples: {
    401: [{ code: 'invalid_credentials', title: 'Sign-in failed', detail: 'Invalid username or password' }],
    403: [{ code: 'account_disabled', title: 'Account disabled', detail: 'Account is disabled' }, CSRF_REJECTED],
    429: [TOO_MANY_SIGN_INS, HASHING_BUSY],
  },
});

export const logoutUser = defineRoute({
  method: 'post',
  path: '/api/auth/logout',
  operationId: 'logoutUser',
  summary: 'Sign out',
  description: 'Destroys the session on the server and clears the cookie. Answers 204 even without a session.',
  tags: ['Auth'],
  role: 'anonymous',
  responses: { 204: { description: 'Signed out.' } },
});

export const getCurrentUser = defineRoute({
  method: 'get',
  path: '/api/auth/current-user',
  operationId: 'getCurrentUser',
  summary: 'The signed-in user, or null',
  description: 'Never 401: a visitor, an expired session and a disabled account all read as `user: null`. The header polls it every 30 s.',
  tags: ['Auth'],
  role: 'anonymous',
  responses: { 200: { description: 'The user behind the session cookie, or `user: null`.', schema: CurrentUserResponse } },
});

export const changePassword = defineRoute({
  method: 'put',
  path: '/api/user/change-password',
  operationId: 'changePassword',
  summary: 'Change the password',
  description:
    'Checks the current password (a wrong one answers 400 with the pointer `/body/currentPassword`; a new password equal to the current one answers 400 at `/body/newPassword`), stores the new one, ends every other session of the user and rotates this one.',
  tags: ['Auth'],
  role: 'user',
  request: { body: ChangePasswordBody },
  responses: { 200: { description: 'Changed.', schema: MessageResponse } },
  problems: [429],
  problemExamples: {
    400: [
      {
        code: 'validation_failed',
        title: 'Validation failed',
        detail: 'Invalid request body.',
        errors: [{ pointer: '/body/currentPassword', detail: 'Current password is incorrect' }],
      },
    ],
    429: [TOO_MANY_SIGN_INS, HASHING_BUSY],
  },
});

export const getGoogleAuthUrl = defineRoute({
  method: 'get',
  path: '/api/auth/google/url',
  operationId: 'getGoogleAuthUrl',
  summary: 'Start Google sign-in',
  description: 'Answers the authorization URL (PKCE, state and nonce kept in a short-lived httpOnly cookie).',
  tags: ['Auth'],
  role: 'anonymous',
  responses: { 200: { description: 'Where to send the browser.', schema: GoogleAuthUrl } },
  problems: [503],
  problemExamples: {
    503: [
      { code: 'google_disabled', title: 'Google sign-in is off', detail: 'Google sign-in is not enabled.' },
      {
        code: 'google_unavailable',
        title: 'Google sign-in unavailable',
        detail: 'Google could not be reached. Try again in a moment.',
        retryable: true,
      },
    ],
  },
});

export const getGoogleAuthStatus = defineRoute({
  method: 'get',
  path: '/api/auth/google/status',
  operationId: 'getGoogleAuthStatus',
  summary: 'Whether Google sign-in is available',
  description:
    'True when the admin enabled Google sign-in and set its client id, secret and redirect address; the sign-in page shows the button then.',
  tags: ['Auth'],
  role: 'anonymous',
  responses: { 200: { description: 'Availability.', schema: GoogleAuthStatus } },
});

export const completeGoogleAuth = defineRoute({
  method: 'get',
  path: '/api/auth/google/callback',
  operationId: 'completeGoogleAuth',
  summary: 'Google redirects here after consent',
  description:
    'Exchanges the code (PKCE), validates the ID token, signs the user in (account keyed by Google `sub`; an existing account is linked by email only when Google says the email is verified) and redirects to /login with the outcome.',
  tags: ['Auth'],
  role: 'anonymous',
  request: { query: GoogleCallbackQuery },
  responses: { 302: redirect },
});

export const listApiTokens = defineRoute({
  method: 'get',
  path: '/api/user-tokens',
  operationId: 'listApiTokens',
  summary: "The signed-in user's API tokens",
  description: `Newest first, at most ${LIMITS.maxTokensPerUser}; each masked to its prefix and last 4 characters.`,
  tags: ['API tokens'],
  role: 'user',
  responses: { 200: { description: 'Tokens, newest first, masked.', schema: ApiTokenList } },
});

export const createApiToken = defineRoute({
  method: 'post',
  path: '/api/user-tokens',
  operationId: 'createApiToken',
  summary: 'Create an API token',
  description: 'The full token is in this answer only; the server keeps a hash. A user may hold at most 50 tokens (409 beyond).',
  tags: ['API tokens'],
  role: 'user',
  request: { body: ApiTokenCreateBody, headers: IdempotencyHeaders },
  responses: { 201: { description: 'Created; copy the token now.', schema: CreatedApiToken, headers: REPLAYED_HEADERS } },
  ...withIdempotencyProblems([409], {
    409: [{ code: 'conflict', title: 'Conflict', detail: `You already have ${LIMITS.maxTokensPerUser} API tokens. Delete one first.` }],
  }),
});

export const setApiTokenCaps = defineRoute({
  method: 'patch',
  path: '/api/user-tokens/{id}',
  operationId: 'setApiTokenCaps',
  summary: "Set an API token's spending caps",
  description:
    "A credit cap per UTC day and one in all; a call that would pass one is refused (429 `token_cap_reached` until the next UTC day, 402 for the total) with nothing charged, on every process. Someone else's token answers 404.",
  tags: ['API tokens'],
  role: 'user',
  request: { params: IdParams, body: ApiTokenCaps },
  responses: { 200: { description: 'The token with its new caps.', schema: ApiToken } },
  problems: [404],
});

export const deleteApiToken = defineRoute({
  method: 'delete',
  path: '/api/user-tokens/{id}',
  operationId: 'deleteApiToken',
  summary: 'Delete one of your API tokens',
  description: "Someone else's token answers 404, as if it did not exist.",
  tags: ['API tokens'],
  role: 'user',
  request: { params: IdParams },
  responses: { 204: { description: 'Deleted.' } },
});

export const accountRoutes = [
  registerUser,
  loginUser,
  logoutUser,
  getCurrentUser,
  changePassword,
  getGoogleAuthUrl,
  getGoogleAuthStatus,
  completeGoogleAuth,
  listApiTokens,
  createApiToken,
  setApiTokenCaps,
  deleteApiToken,
] as const;
