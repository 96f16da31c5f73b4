// WebAuthn with @simplewebauthn/server. The relying party is this site: its id is the host of PUBLIC_URL (else of the
// address the request came to, outside production) and only that origin's answers are accepted. Every challenge is
// stored (hashed) as single use for 5 minutes and used up before its answer is checked, so none works twice.

import type { SqlEntityManager } from '@mikro-orm/sql';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppContext } from '../../../http/context.ts';
import { appOrigin } from '../../../http/origin.ts';
import type { ChallengeKind } from '../challenges/challenge.entity.ts';
import { consumeChallenge, storeChallenge } from '../challenges/challenges.service.ts';
import { PasskeyCredential } from './passkey.entity.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'Nano Banana Image Studio';

export type AssertionKind = Extract<ChallengeKind, 'passkey_sign_in' | 'passkey_second_factor' | 'passkey_step_up'>;

/** This site as a relying party. */
export function relyingParty(ctx: AppContext): { origin: string; rpID: string } {
  const origin = new URL(appOrigin(ctx)).origin;
  return { origin, rpID: new URL(origin).hostname };
}

/** The challenge a browser answer carries (in its client data), or null for a malformed answer. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/** Options to register a new passkey of the account, excluding the ones it has. */
export async function registrationOptions(ctx: AppContext, user: { id: string; username: string }) {
  const existing = await ctx.state.em.find(PasskeyCredential, { user: user.id });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(ctx).rpID,
    userName: user.username,
    userDisplayName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    // A discoverable credential, so it can sign in without a username; the device checks who is there.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(ctx.state.em, 'passkey_registration', options.challenge, user.id, CHALLENGE_TTL_MS);
  return options;
}

/** Verifies a registration answer for the account; the new credential, or null when it does not hold. */
export async function verifyRegistration(ctx: AppContext, tx: SqlEntityManager, userId: string, response: RegistrationResponseJSON) {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || (await consumeChallenge(tx, 'passkey_registration', challenge)) !== userId) return null;
  const { origin, rpID } = relyingParty(ctx);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    return result.verified ? result.registrationInfo : null;
  } catch (error) {
    ctx.services.logger.info({ err: error }, 'passkey registration refused');
    return null;
  }
}

/** Options to ask for a passkey: any of this site's (`allow` empty, a discoverable sign-in) or one of an account's. */
export async function authenticationOptions(ctx: AppContext, kind: AssertionKind, userId: string | null) {
  const allow = userId ? await ctx.state.em.find(PasskeyCredential, { user: userId }) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    allowCredentials: allow.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(ctx.state.em, kind, options.challenge, userId, CHALLENGE_TTL_MS);
  return options;
}

/**
 * Verifies a passkey answer to a challenge of `kind` (used up whatever happens next). The passkey must still exist,
 * and belong to `userId` when the challenge was for an account. Its counter and last use are updated. The passkey, or
 * null when anything does not hold.
 */
export async function verifyAssertion(
  ctx: AppContext,
  tx: SqlEntityManager,
  kind: AssertionKind,
  response: AuthenticationResponseJSON,
  userId: string | null,
): Promise<PasskeyCredential | null> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) return null;
  const challengeUser = await consumeChallenge(tx, kind, challenge);
  if (challengeUser === undefined || challengeUser !== userId) return null;
  const passkey = await tx.findOne(PasskeyCredential, { credentialId: response.id }, { populate: ['user'] });
  if (!passkey || (userId !== null && passkey.user.id !== userId)) return null;
  const { origin, rpID } = relyingParty(ctx);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    passkey.counter = result.authenticationInfo.newCounter;
    passkey.backedUp = result.authenticationInfo.credentialBackedUp;
    passkey.lastUsedAt = new Date();
    await tx.flush();
    return passkey;
  } catch (error) {
    ctx.services.logger.info({ err: error }, 'passkey answer refused');
    return null;
  }
}
