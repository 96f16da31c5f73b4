import { Balance, Count, Id, Message, Timestamp } from './common.ts';
import { INT32, LIMITS } from './constants.ts';
import { z } from './zod.ts';

export const Username = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[\p{L}\p{N}_.@-]+$/u, 'Username may contain letters, digits and _ . @ - only')
  .describe('Unique username, 3 to 50 characters.')
  // Stated by hand: the generator prints a flagged regex as `...$/u`, which no validator can use.
  .openapi({ example: 'alice', pattern: '^[\\p{L}\\p{N}_.@-]+$' });

export const Password = z
  .string()
  .min(LIMITS.passwordMin, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters')
  .describe('Password, at least 6 characters.')
  .openapi({ example: 'correct horse battery' });

/** A username as answered: at most 50 characters (the column's size; `deleted:<id>` fits too). */
export const UsernameText = z.string().max(50).openapi({ example: 'alice' });

/** An email address as answered: at most 200 characters, as accepted. */
export const EmailText = z.string().max(200).openapi({ example: 'alice@example.com' });

export const CurrentUser = z
  .object({
    id: Id,
    username: UsernameText.describe('Unique username.'),
    email: EmailText.nullable().describe('Email address, if given.'),
    credits: Balance('Current credit balance.', 120),
    lowBalanceThreshold: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .nullable()
      .describe('Below this balance the header warns (the low-balance alert); null: off.')
      .openapi({ example: null }),
    isAdmin: z.boolean().describe('Administrators see the admin area and all transactions.').openapi({ example: false }),
    isActive: z.boolean().describe('Disabled users cannot sign in.').openapi({ example: true }),
    createdAt: Timestamp,
  })
  .openapi('CurrentUser', { description: 'The signed-in user as the browser sees it.' });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const CurrentUserResponse = z
  // A union, not `.nullable().describe()`: the latter emits `allOf` with the $ref, which rejects null.
  .object({ user: z.union([CurrentUser, z.null()]).describe('The signed-in user, or null for a visitor.') })
  .openapi('CurrentUserResponse');

export const RegisterBody = z
  .object({
    username: Username,
    email: z
      .union([z.literal(''), z.email('Invalid email address').max(200)])
      .optional()
      .describe('Optional email address.')
      .openapi({ example: 'alice@example.com' }),
    password: Password,
  })
  .openapi('RegisterBody');
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z
  .object({
    username: z.string().trim().min(1, 'Username is required').max(200).describe('Username.').openapi({ example: 'alice' }),
    password: z.string().min(1, 'Password is required').max(200).describe('Password.').openapi({ example: 'correct horse battery' }),
  })
  .openapi('LoginBody');
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthResponse = z
  .object({
    message: Message('Signed in'),
    user: CurrentUser,
  })
  .openapi('AuthResponse');

export const ChangePasswordBody = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Current password is required')
      .max(200)
      .describe('The current password.')
      .openapi({ example: 'old secret' }),
    newPassword: Password.describe('The new password, at least 6 characters, not the current one.'),
  })
  // Reusing the password is no change: refused on the field, like the other field problems.
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    message: 'New password must be different from the current password',
  })
  .openapi('ChangePasswordBody');

export const GoogleAuthUrl = z
  .object({
    authUrl: z
      .url()
      // Query parameters carry the configured client id and redirect address (each percent-encoded).
      .max(8192)
      .describe("Google's authorization URL to send the browser to.")
      .openapi({ example: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=...' }),
  })
  .openapi('GoogleAuthUrl');

export const GoogleAuthStatus = z
  .object({ enabled: z.boolean().describe('Whether Google sign-in is enabled and configured.').openapi({ example: true }) })
  .openapi('GoogleAuthStatus');

/** Google's redirect: provider-owned, so open (Google also sends `scope`, `authuser`, `prompt`, `hd`, `iss`). */
export const GoogleCallbackQuery = z.looseObject({
  code: z.string().max(2000).optional().describe('Authorization code from Google.'),
  state: z.string().max(200).optional().describe('The state sent with the authorization request.'),
  error: z.string().max(200).optional().describe('Error from Google, for example `access_denied`.'),
});

/** A spending cap of a token, in credits; null for none. */
const CreditCap = z.number().int().min(1).max(INT32.max).nullable().openapi({ example: 200 });

export const ApiTokenUsage = z
  .object({
    calls: Count('Tasks submitted with the token (charged, refunded or not).', 42),
    creditsToday: Balance('Credits it spent this UTC day, refunds taken off.', 12),
    creditsTotal: Balance('Credits it spent in all, refunds taken off.', 168),
  })
  .openapi('ApiTokenUsage', { description: 'What a token has spent, as its caps count it.' });

export const ApiTokenCaps = z
  .object({
    dailyCreditCap: CreditCap.optional().describe('Most credits per UTC day; null removes the cap, absent keeps it.'),
    totalCreditCap: CreditCap.optional().describe('Most credits in all; null removes the cap, absent keeps it.'),
  })
  .openapi('ApiTokenCaps', { description: "A token's spending caps: a call over one is refused with nothing charged." });

export const ApiToken = z
  .object({
    id: Id,
    name: z.string().max(100).describe('Name given at creation.').openapi({ example: 'Default API Token' }),
    maskedToken: z
      .string()
      .max(40)
      .describe('The token with all but its prefix and last 4 characters hidden.')
      .openapi({ example: 'nbk_••••••••a1b2' }),
    isActive: z.boolean().describe('Inactive tokens are refused.').openapi({ example: true }),
    createdAt: Timestamp,
    lastUsed: Timestamp.nullable().describe('When the token last authenticated a request.'),
    dailyCreditCap: CreditCap.describe('Most credits the token may spend per UTC day; null: no cap.'),
    totalCreditCap: CreditCap.describe('Most credits the token may spend in all; null: no cap.'),
    usage: ApiTokenUsage,
  })
  .openapi('ApiToken', { description: 'An API token as listed: never the full token.' });
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokenList = z.array(ApiToken).max(LIMITS.maxTokensPerUser).openapi('ApiTokenList');

export const CreatedApiToken = ApiToken.extend({
  token: z
    .string()
    .max(100)
    .describe('The full token. Shown once: only a hash is stored.')
    .openapi({ example: 'nbk_8Hq2vV0wKfS3mJ9xYt5ZrL1pQ7cN4eGa1b2' }),
  signingSecret: z
    .string()
    .max(100)
    .describe(
      'Verifies the automation callbacks of this token (Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256>` over `webhook-id.webhook-timestamp.body`, keyed with the base64 part after `whsec_`). Shown once.',
    )
    .openapi({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0vK7ZLcG2Ss=' }),
}).openapi('CreatedApiToken');

export const ApiTokenCreateBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Token name is required')
      .max(100, 'Token name must be at most 100 characters')
      .describe('A name to recognise the token by.')
      .openapi({ example: 'n8n production' }),
    ...ApiTokenCaps.shape,
  })
  .openapi('ApiTokenCreateBody');
