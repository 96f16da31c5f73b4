// What second factors an account has, and checking a typed code against them.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { PasskeyCredential } from '../passkeys/passkey.entity.ts';
import { countRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { matchTotp } from './totp.ts';
import { TotpFactor } from './totp-factor.entity.ts';

export interface SecondFactors {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export async function secondFactorsOf(em: SqlEntityManager, userId: string): Promise<SecondFactors> {
  const [totp, passkeys, recoveryCodesLeft] = await Promise.all([
    em.count(TotpFactor, { user: userId, enabledAt: { $ne: null } }),
    em.count(PasskeyCredential, { user: userId }),
    countRecoveryCodes(em, userId),
  ]);
  return { totp: totp > 0, passkeys, recoveryCodesLeft };
}

export const hasSecondFactor = (factors: SecondFactors) => factors.totp || factors.passkeys > 0;

/** The methods a sign-in may be finished with. */
export function methodsOf(factors: SecondFactors): ('totp' | 'recovery_code' | 'passkey')[] {
  return [
    ...(factors.totp ? (['totp'] as const) : []),
    ...(factors.recoveryCodesLeft > 0 ? (['recovery_code'] as const) : []),
    ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
  ];
}

/**
 * Checks a typed code: the current authenticator code (remembering its step, so it is not accepted again) or an
 * unused recovery code (used up). Which one it was, or null.
 */
export async function checkCode(tx: SqlEntityManager, userId: string, code: string): Promise<'totp' | 'recovery_code' | null> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const factor = await tx.findOne(TotpFactor, { user: userId, enabledAt: { $ne: null } });
    if (!factor) return null;
    const step = await matchTotp(factor.secret ?? '', trimmed, factor.lastStep ?? null);
    if (step === null) return null;
    // Conditional, so two requests with the same code cannot both pass.
    const claimed = await tx.nativeUpdate(
      TotpFactor,
      { user: userId, $or: [{ lastStep: null }, { lastStep: { $lt: step } }] },
      { lastStep: step },
    );
    return claimed > 0 ? 'totp' : null;
  }
  return (await useRecoveryCode(tx, userId, trimmed)) ? 'recovery_code' : null;
}
