// Authenticator app codes (RFC 6238 via otplib): 6 digits, 30-second steps, SHA-1, as every authenticator app expects.
import { generateSecret, generateURI, verify } from 'otplib';

/** One step either side is accepted, for clocks a little off. */
const TOLERANCE_SECONDS = 30;
const ISSUER = 'Nano Banana Image Studio';

/** A new secret: 20 random bytes in base32. */
export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://` address an authenticator app scans. */
export const totpUri = (secret: string, username: string): string => generateURI({ issuer: ISSUER, label: username, secret });

/**
 * The time step a code matched, or null: a wrong code, or one of a step at or before `lastStep` (a code is accepted
 * once, so a code seen over someone's shoulder cannot be replayed).
 */
export async function matchTotp(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null && { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
