// Passkeys (WebAuthn) on the wire: the options the browser hands to `navigator.credentials`, and what it answers.
// Shapes are @simplewebauthn's JSON forms (PublicKeyCredentialCreationOptionsJSON and friends).
import { PasskeyAssertion } from './account.security.ts';
import { z } from './zod.ts';

const b64url = (description: string, max = 4096) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url')
    .describe(description);
const Transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(7)
  .describe('How the browser may reach the authenticator.');
const CredentialDescriptor = z.object({
  id: b64url('Credential id.', 1400),
  type: z.string().max(20).describe('`public-key`.'),
  transports: z.array(z.string().max(20)).max(10).optional().describe('How the browser may reach the authenticator.'),
});

export const PasskeyCreationOptions = z
  .object({
    rp: z
      .object({ name: z.string().max(100), id: z.string().max(253).optional() })
      .describe('This site: the id is the host of PUBLIC_URL.'),
    user: z.object({ id: b64url('The account’s handle.', 200), name: z.string().max(100), displayName: z.string().max(100) }),
    challenge: b64url('Single use, valid 5 minutes.', 200),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int().min(-65535).max(65535), type: z.literal('public-key') })).max(20),
    timeout: z.number().int().min(0).max(600_000).optional(),
    excludeCredentials: z
      .array(CredentialDescriptor)
      .max(20)
      .optional()
      .describe('The account’s passkeys, so one authenticator is not registered twice.'),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().max(20).optional(),
        residentKey: z.string().max(20).optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().max(20).optional(),
      })
      .optional()
      .describe('A discoverable credential with user verification.'),
    attestation: z.string().max(20).optional(),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  })
  .openapi('PasskeyCreationOptions', { description: 'Pass to `startRegistration({ optionsJSON })` of @simplewebauthn/browser.' });

export const PasskeyRequestOptions = z
  .object({
    challenge: b64url('Single use, valid 5 minutes.', 200),
    rpId: z.string().max(253).optional(),
    timeout: z.number().int().min(0).max(600_000).optional(),
    allowCredentials: z
      .array(CredentialDescriptor)
      .max(20)
      .optional()
      .describe('Empty for a sign-in with any passkey of this site (discoverable).'),
    userVerification: z.string().max(20).optional(),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  })
  .openapi('PasskeyRequestOptions', { description: 'Pass to `startAuthentication({ optionsJSON })` of @simplewebauthn/browser.' });

export const PasskeyAttestation = z
  .object({
    id: b64url('Credential id.', 1400),
    rawId: b64url('Credential id.', 1400),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64url('Client data.'),
      attestationObject: b64url('Attestation object.', 16_384),
      authenticatorData: b64url('Authenticator data.').optional(),
      publicKey: b64url('Public key (SPKI).').optional(),
      publicKeyAlgorithm: z.number().int().min(-65535).max(65535).optional(),
      transports: Transports.optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.looseObject({}).describe('Extension outputs (credProps is read when given).'),
  })
  .openapi('PasskeyAttestation', { description: 'The browser’s answer to `startRegistration` (RegistrationResponseJSON).' });

const PasskeyName = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name')
  .max(100, 'Name must be at most 100 characters')
  .describe('A name to recognise it by.')
  .openapi({ example: 'MacBook Touch ID' });

export const PasskeyRegisterBody = z.object({ name: PasskeyName, response: PasskeyAttestation }).openapi('PasskeyRegisterBody');
export const PasskeyRenameBody = z.object({ name: PasskeyName }).openapi('PasskeyRenameBody');

export const PasskeyOptionsBody = z
  .object({
    purpose: z
      .enum(['sign_in', 'second_factor', 'step_up'])
      .describe(
        '`sign_in`: a sign-in with a passkey alone (any passkey of this site); `second_factor`: finish a sign-in whose password was right; `step_up`: confirm it is you while signed in.',
      ),
  })
  .openapi('PasskeyOptionsBody');

export const PasskeySignInBody = z.object({ passkey: PasskeyAssertion }).openapi('PasskeySignInBody');
