// API tokens: created with 256 random bits, shown once, stored as a hash, looked up by hash.
import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@app/contract/constants';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { User } from '../users/index.ts';
import { ApiToken } from './api-token.entity.ts';

export const TOKEN_PREFIX = 'nbk_';
/** `nbk_` + 32 random bytes in base64url. */
const TOKEN_SHAPE = /^nbk_[A-Za-z0-9_-]{43}$/;
/** `lastUsed` is written at most this often per token. */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;
/** Tokens one user may hold (the contract's list declares no more). */
export const MAX_TOKENS_PER_USER = LIMITS.maxTokensPerUser;

/** A new full token. */
export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a string has the shape of one of our tokens (others are refused without a query). */
export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** A new callback signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Creates a token for a user; the full token and its signing secret are returned here and never again. */
export async function createApiToken(
  em: SqlEntityManager,
  userId: string,
  name: string,
  caps: TokenCaps = {},
): Promise<{ token: string; signingSecret: string; record: ApiToken }> {
  const token = generateToken();
  const signingSecret = generateSigningSecret();
  const record = em.create(ApiToken, {
    user: userId,
    name: name.trim(),
    tokenHash: hashToken(token),
    prefix: TOKEN_PREFIX,
    last4: token.slice(-4),
    lastUsed: null,
    signingSecret,
    dailyCreditCap: caps.dailyCreditCap ?? null,
    totalCreditCap: caps.totalCreditCap ?? null,
  });
  await em.flush();
  return { token, signingSecret, record };
}

/** A token's spending caps as given: absent keeps, null removes. */
export interface TokenCaps {
  dailyCreditCap?: number | null;
  totalCreditCap?: number | null;
}

/** Sets the caps of one of the user's tokens; null when the user has no such token. */
export async function setTokenCaps(em: SqlEntityManager, userId: string, id: string, caps: TokenCaps): Promise<ApiToken | null> {
  const record = await em.findOne(ApiToken, { id, user: userId });
  if (!record) return null;
  if (caps.dailyCreditCap !== undefined) record.dailyCreditCap = caps.dailyCreditCap;
  if (caps.totalCreditCap !== undefined) record.totalCreditCap = caps.totalCreditCap;
  await em.flush();
  return record;
}

/** How many tokens a user holds. */
export function countApiTokens(em: SqlEntityManager, userId: string): Promise<number> {
  return em.count(ApiToken, { user: userId });
}

/** A user's tokens, newest first. */
export function listApiTokens(em: SqlEntityManager, userId: string): Promise<ApiToken[]> {
  return em.find(ApiToken, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

/** Deletes a token only if it belongs to the user; false when there is no such token of theirs. */
export async function deleteApiToken(em: SqlEntityManager, userId: string, tokenId: string): Promise<boolean> {
  return (await em.nativeDelete(ApiToken, { id: tokenId, user: userId })) > 0;
}

/**
 * The active owner of an active token, or undefined. Updates `lastUsed` at most once a minute
 * (conditionally, so concurrent calls write once).
 */
export async function resolveApiToken(
  em: SqlEntityManager,
  token: string,
  now = new Date(),
): Promise<{ user: User; tokenId: string } | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const record = await em.findOne(ApiToken, { tokenHash: hashToken(token), isActive: true }, { populate: ['user'] });
  if (!record?.user.isActive) return undefined;
  if (!record.lastUsed || now.getTime() - record.lastUsed.getTime() >= TOKEN_TOUCH_INTERVAL_MS) {
    await em.nativeUpdate(
      ApiToken,
      { id: record.id, $or: [{ lastUsed: null }, { lastUsed: { $lte: new Date(now.getTime() - TOKEN_TOUCH_INTERVAL_MS) } }] },
      { lastUsed: now },
    );
  }
  return { user: record.user, tokenId: record.id };
}
