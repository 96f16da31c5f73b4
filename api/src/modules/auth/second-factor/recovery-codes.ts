// Recovery codes: ten at a time, 12 characters each from 31 unmistakable letters and digits (about 59 bits), shown
// once as `xxxx-xxxx-xxxx`; only keyed digests (HMAC under SECRET_KEY) are stored, and each works once.
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { secretDigest } from '../../../crypto/secret-box.ts';
import { RecoveryCode } from './recovery-code.entity.ts';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 12;

function newCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A code as typed, in the form it was digested: lower case, no dashes or spaces; null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '');
  return code.length === LENGTH && [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}

/** Replaces the account's codes with ten new ones (in `tx`'s transaction); the codes to show, once. */
export async function issueRecoveryCodes(tx: SqlEntityManager, userId: string): Promise<string[]> {
  await tx.nativeDelete(RecoveryCode, { user: userId });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const now = new Date();
  for (const code of codes) {
    await tx.insert(RecoveryCode, {
      id: crypto.randomUUID(),
      user: userId,
      digest: secretDigest(normalizeRecoveryCode(code) ?? code),
      usedAt: null,
      createdAt: now,
    });
  }
  return codes;
}

/** Uses one of the account's codes: true when it was unused (it is used now). */
export async function useRecoveryCode(em: SqlEntityManager, userId: string, typed: string): Promise<boolean> {
  const code = normalizeRecoveryCode(typed);
  if (!code) return false;
  const used = await em.nativeUpdate(RecoveryCode, { user: userId, digest: secretDigest(code), usedAt: null }, { usedAt: new Date() });
  return used > 0;
}

/** Drops the account's codes (its last second factor went). */
export function dropRecoveryCodes(em: SqlEntityManager, userId: string): Promise<number> {
  return em.nativeDelete(RecoveryCode, { user: userId });
}

/** Unused codes left. */
export function countRecoveryCodes(em: SqlEntityManager, userId: string): Promise<number> {
  return em.count(RecoveryCode, { user: userId, usedAt: null });
}
