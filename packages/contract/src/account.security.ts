// An account's second factor (authenticator app codes, recovery codes, passkeys) and the checks that use it.
import { EmailText } from './account.ts';
import { Count, Id, Message, Timestamp } from './common.ts';
import { z } from './zod.ts';

/** Recovery codes made at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Passkeys one account may register. */
export const PASSKEYS_MAX = 20;

export const Passkey = z
  .object({
    id: Id,
    name: z.string().max(100).describe('The name its owner gave it.').openapi({ example: 'MacBook Touch ID' }),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable().describe('When it last signed in or confirmed a check.'),
    backedUp: z.boolean().describe('Whether the authenticator says it is synced (a passkey in a password manager or cloud keychain).'),
  })
  .openapi('Passkey', { description: 'A passkey registered to the account (the public key and counters stay on the server).' });
export type Passkey = z.infer<typeof Passkey>;

export const AccountSecurity = z
  .object({
    email: EmailText.nullable().describe('The account email, if any.'),
    emailVerified: z.boolean().describe('Whether the email is verified: only then does it get reset links and security alerts.'),
    totpEnabled: z.boolean().describe('Whether an authenticator app is set up.'),
    recoveryCodesLeft: Count('Unused recovery codes.', 10),
    passkeys: z.array(Passkey).max(PASSKEYS_MAX).describe('Registered passkeys, oldest first.'),
    secondFactor: z.boolean().describe('Whether the account has a second factor (an authenticator app or a passkey).'),
    secondFactorRequired: z
      .boolean()
      .describe(
        'True for an admin without a second factor while the admin setting requires one: admin calls answer 403 `second_factor_required` until one is set up.',
      ),
    stepUpUntil: Timestamp.nullable().describe(
      'Until when this session may make the calls that need a recent check, or null when it needs one now.',
    ),
  })
  .openapi('AccountSecurity');
export type AccountSecurity = z.infer<typeof AccountSecurity>;

const TotpCode = z
  .string()
  .trim()
  .max(6, 'Enter the 6-digit code from your authenticator app')
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')
  .describe('The 6-digit code the authenticator app shows now.')
  .openapi({ example: '492039' });

/** A code typed at a check: 6 digits, or a recovery code (`xxxx-xxxx-xxxx`, dashes and spaces optional). */
const CheckCode = z
  .string()
  .trim()
  .min(6, 'Enter a 6-digit code or a recovery code')
  .max(20, 'Enter a 6-digit code or a recovery code')
  .describe('A 6-digit authenticator code, or one of the recovery codes (dashes and spaces do not matter).')
  .openapi({ example: '492039' });

const b64url = (description: string, max = 4096) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url')
    .describe(description);

/** A WebAuthn assertion as `@simplewebauthn/browser`'s `startAuthentication` returns it. */
export const PasskeyAssertion = z
  .object({
    id: b64url('Credential id.', 1400),
    rawId: b64url('Credential id.', 1400),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64url('Client data.'),
      authenticatorData: b64url('Authenticator data.'),
      signature: b64url('Signature.', 8192),
      userHandle: b64url('User handle.', 200).optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.object({}).describe('Extension outputs (none are used).'),
  })
  .openapi('PasskeyAssertion', { description: 'The browser’s answer to a passkey request (AuthenticationResponseJSON).' });

export const SecondFactorMethods = z
  .array(z.enum(['totp', 'recovery_code', 'passkey']))
  .max(3)
  .describe('What the account can answer with: `totp` (authenticator app), `recovery_code`, `passkey`.');

export const SecondFactorChallenge = z
  .object({
    message: Message('Enter the code from your authenticator app'),
    secondFactor: z.object({ methods: SecondFactorMethods }),
  })
  .openapi('SecondFactorChallenge', { description: 'The password was right; the account has a second factor, asked for next.' });

export const SecondFactorSignInBody = z
  .object({
    code: CheckCode.optional(),
    passkey: PasskeyAssertion.optional().describe(
      'The answer to the options of `POST /api/auth/passkey/options` with `purpose: second_factor`.',
    ),
  })
  .refine((body) => Boolean(body.code) !== Boolean(body.passkey), { message: 'Send a code or a passkey answer', path: ['code'] })
  .openapi('SecondFactorSignInBody');

export const StepUpBody = z
  .object({
    code: CheckCode.optional(),
    password: z.string().min(1).max(200).optional().describe('For an account without a second factor only: its password.'),
    passkey: PasskeyAssertion.optional().describe('The answer to the options of `POST /api/auth/passkey/options` with `purpose: step_up`.'),
  })
  .refine((body) => [body.code, body.password, body.passkey].filter(Boolean).length === 1, {
    message: 'Send a code, a passkey answer or the password',
    path: ['code'],
  })
  .openapi('StepUpBody');

export const StepUpResult = z
  .object({ message: Message('Confirmed'), stepUpUntil: Timestamp.describe('Until when the calls that need a recent check go through.') })
  .openapi('StepUpResult');

export const TotpSetup = z
  .object({
    secret: z
      .string()
      .max(64)
      .describe('The secret in base32, to type into an app that cannot scan.')
      .openapi({ example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }),
    otpauthUri: z.string().max(500).describe('The `otpauth://totp/...` address the QR code holds.'),
    qrCodeSvg: z.string().max(100_000).describe('The QR code as an SVG image.'),
  })
  .openapi('TotpSetup', { description: 'A new authenticator secret, active once a code from it is confirmed.' });

export const TotpEnableBody = z.object({ code: TotpCode }).openapi('TotpEnableBody');

export const RecoveryCodes = z
  .object({
    message: Message('Authenticator app set up'),
    recoveryCodes: z
      .array(z.string().max(20).openapi({ example: 'k7mp-2qx9-ahd4' }))
      .min(RECOVERY_CODE_COUNT)
      .max(RECOVERY_CODE_COUNT)
      .describe('Ten recovery codes, shown this once (only their digests are stored); each works once instead of a code.'),
  })
  .openapi('RecoveryCodes');

export const AdminSecuritySettings = z
  .object({
    adminsRequireSecondFactor: z
      .boolean()
      .describe('Whether every admin must have a second factor before any admin page or call answers (default: on in production).'),
    isDefault: z.boolean().describe('Whether the value is the default of this environment (never set by an admin).'),
  })
  .openapi('AdminSecuritySettings');

export const AdminSecuritySettingsUpdate = z
  .object({ adminsRequireSecondFactor: z.boolean().describe('Require a second factor of every admin.') })
  .openapi('AdminSecuritySettingsUpdate');
