import { AcceptedMessage, EmailVerificationBody, PasswordResetBody, PasswordResetRequestBody } from './account.recovery.ts';
import { MessageResponse } from './common.ts';
import { defineRoute, type ProblemExample } from './route.ts';

const LINK_INVALID: ProblemExample = {
  code: 'link_invalid',
  title: 'Link not valid',
  detail: 'This link was already used, has expired or was replaced by a newer one. Ask for a new one.',
  errors: [{ pointer: '/body/token', detail: 'This link was already used, has expired or was replaced by a newer one.' }],
};
const TOO_MANY: ProblemExample = {
  code: 'rate_limited',
  title: 'Too many requests',
  detail: 'Too many requests. Try again later.',
  retryable: true,
};

export const requestPasswordReset = defineRoute({
  method: 'post',
  path: '/api/auth/password-reset',
  operationId: 'requestPasswordReset',
  summary: 'Mail a password reset link',
  description:
    'Mails a single-use link (valid 30 minutes) to every active account whose **verified** email this is. The answer is the same whether or not such an account exists. Rate limited per client address.',
  tags: ['Auth'],
  role: 'anonymous',
  request: { body: PasswordResetRequestBody },
  responses: { 202: { description: 'Accepted (the same answer for any address).', schema: AcceptedMessage } },
  problems: [429],
  problemExamples: { 429: [TOO_MANY] },
});

export const resetPassword = defineRoute({
  method: 'post',
  path: '/api/auth/password-reset/complete',
  operationId: 'resetPassword',
  summary: 'Set a new password with a reset link',
  description:
    'Uses the link (once), sets the new password and ends every session of the account; the account signs in again (with its second factor, if it has one). A used, expired or replaced link answers 400 `link_invalid`.',
  tags: ['Auth'],
  role: 'anonymous',
  request: { body: PasswordResetBody },
  responses: { 200: { description: 'Password changed.', schema: MessageResponse } },
  problems: [429],
  problemExamples: { 400: [LINK_INVALID], 429: [TOO_MANY] },
});

export const requestEmailVerification = defineRoute({
  method: 'post',
  path: '/api/user/email/verification',
  operationId: 'requestEmailVerification',
  summary: 'Mail a link that verifies the email',
  description:
    "Mails a single-use link (valid 30 minutes) to the account's email. Only a verified email receives reset links and security alerts. An account without an email answers 409 `no_email`. Rate limited per account.",
  tags: ['Account security'],
  role: 'user',
  responses: { 202: { description: 'The link is on its way.', schema: AcceptedMessage } },
  problems: [409, 429],
  problemExamples: {
    409: [{ code: 'no_email', title: 'No email address', detail: 'Add an email address to your account first.' }],
    429: [TOO_MANY],
  },
});

export const verifyEmail = defineRoute({
  method: 'post',
  path: '/api/auth/email/verify',
  operationId: 'verifyEmail',
  summary: 'Verify the email with its link',
  description:
    'Uses the link (once) and marks the address verified, in whatever browser it is opened. A link for an address the account no longer has, or a used or expired one, answers 400 `link_invalid`.',
  tags: ['Auth'],
  role: 'anonymous',
  request: { body: EmailVerificationBody },
  responses: { 200: { description: 'Verified.', schema: MessageResponse } },
  problemExamples: { 400: [LINK_INVALID] },
});

export const accountRecoveryRoutes = [requestPasswordReset, resetPassword, requestEmailVerification, verifyEmail] as const;
