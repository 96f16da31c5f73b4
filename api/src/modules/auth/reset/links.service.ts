// Single-use mailed links: 256 random bits in the link, their SHA-256 in the table, 30 minutes to use them.
import { hash, randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { AccountLink } from './account-link.entity.ts';

export const LINK_LIFETIME_MS = 30 * 60 * 1000;
export type LinkPurpose = AccountLink['purpose'];

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => hash('sha256', token, 'hex');

/**
 * A new link token for the account (in `tx`'s transaction). A new reset link voids the account's earlier unused ones,
 * so only the latest mail works.
 */
export async function createLink(
  tx: SqlEntityManager,
  userId: string,
  purpose: LinkPurpose,
  email: string,
  now = new Date(),
): Promise<string> {
  await tx.nativeDelete(AccountLink, { user: userId, purpose });
  const token = randomBytes(32).toString('base64url');
  await tx.insert(AccountLink, {
    tokenHash: hashToken(token),
    user: userId,
    purpose,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
  });
  return token;
}

/** Uses a link: its account and address when it exists, has this purpose and has not expired; it is gone afterwards. */
export async function consumeLink(
  tx: SqlEntityManager,
  token: string,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<{ userId: string; email: string } | null> {
  if (!TOKEN.test(token)) return null;
  const rows = await tx.execute<{ user_id: string; email: string }[]>(
    `delete from "account_links" where "token_hash" = ? and "purpose" = ? and "expires_at" > ? returning "user_id", "email"`,
    [hashToken(token), purpose, now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** Drops links nobody used in time. */
export function purgeExpiredLinks(em: SqlEntityManager, now = new Date()): Promise<number> {
  return em.nativeDelete(AccountLink, { expiresAt: { $lte: now } });
}
