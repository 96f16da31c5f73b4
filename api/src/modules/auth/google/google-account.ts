// Which local account a Google identity signs in to: by Google id, else a verified email, else a new one.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { GoogleIdentity } from '../../../providers/google/index.ts';
import { User, UserRepository, usernameKey } from '../../users/index.ts';
import { createUser, UserConflictError } from '../accounts/create-user.ts';
import { NO_PASSWORD } from '../password/password.ts';
import { destroyUserSessions } from '../session/session.service.ts';
import { usernameBase, usernameCandidate } from './google-username.ts';

export type GoogleSignIn = { outcome: 'existing' | 'linked' | 'created'; user: User } | { outcome: 'disabled' };

const MAX_USERNAME_ATTEMPTS = 8;

/**
 * Finds or creates the account for a Google identity:
 * 1. the account already keyed by this Google `sub`;
 * 2. else the one account with the same email, only when Google says the email is verified and that
 *    account has no Google id yet. Linking ends its sessions and removes its password: our emails are
 *    not verified, so whoever registered that email with a password might not own it (pre-hijacking);
 *    from now on only the Google account signs in to it;
 * 3. else a new account (with start credits) under a free username derived from the email or name.
 * Disabled accounts are refused.
 */
export async function signInWithGoogle(em: SqlEntityManager, identity: GoogleIdentity): Promise<GoogleSignIn> {
  const repo = new UserRepository(em);
  const existing = await repo.findByGoogleId(identity.sub);
  if (existing) return existing.isActive ? { outcome: 'existing', user: existing } : { outcome: 'disabled' };

  if (identity.email && identity.emailVerified) {
    const matches = await repo.findUnlinkedByEmail(identity.email);
    // Two accounts with one email: linking either would be a guess.
    const [match] = matches.length === 1 ? matches : [];
    if (match && !match.isActive) return { outcome: 'disabled' };
    if (match && (await linkGoogleId(em, match.id, identity.sub))) {
      return { outcome: 'linked', user: await em.findOneOrFail(User, { id: match.id }, { refresh: true }) };
    }
  }

  const base = usernameBase(identity);
  for (let attempt = 0; attempt < MAX_USERNAME_ATTEMPTS; attempt += 1) {
    const username = usernameCandidate(base, attempt);
    if (await repo.isUsernameTaken(username)) continue;
    try {
      const user = await createUser(em, { username, passwordHash: NO_PASSWORD, email: identity.email, googleId: identity.sub });
      return { outcome: 'created', user };
    } catch (error) {
      if (!(error instanceof UserConflictError)) throw error;
      if (error.field === 'googleId') {
        // A parallel callback for the same Google account created it first.
        const raced = await repo.findByGoogleId(identity.sub);
        if (raced) return raced.isActive ? { outcome: 'existing', user: raced } : { outcome: 'disabled' };
      }
    }
  }
  throw new Error(`no free username for base ${usernameKey(base)}`);
}

/** Sets the Google id only if the account still has none; ends its sessions and its password. */
async function linkGoogleId(em: SqlEntityManager, userId: string, googleId: string): Promise<boolean> {
  return em.transactional(async (tx) => {
    const updated = await tx.nativeUpdate(User, { id: userId, googleId: null }, { googleId, passwordHash: NO_PASSWORD });
    if (updated) await destroyUserSessions(tx, userId);
    return updated > 0;
  });
}
