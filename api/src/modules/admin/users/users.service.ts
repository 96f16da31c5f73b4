// Admin changes to users: create, edit, enable/disable and delete, with the rules that keep an admin from
// locking themselves out and a disabled user from staying signed in. Each change writes its audit entries in its
// own transaction.
import type { AdminUserCreate, AdminUserUpdate } from '@app/contract';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { invalidField } from '../../../errors.ts';
import type { Admin } from '../../../http/roles.ts';
import type { FileStorage } from '../../../storage/storage.ts';
import { type Acting, recordAudit } from '../../audit/index.ts';
import { createUser, destroyUserSessions, hashPassword, NO_PASSWORD, UserConflictError } from '../../auth/index.ts';
import { ApiToken } from '../../tokens/index.ts';
import { USERNAME_MAX, User, usernameKey } from '../../users/index.ts';
import { cannotChangeSelf, fieldConflict } from '../problems.ts';
import { deletedUsername, isDeletedUsername } from './deleted-user.ts';
import { setUserCredits } from './user-credits.ts';
import { deleteFiles, deleteUserTaskRows } from './user-tasks.ts';

/** The acting admin and where the request came from (the audit log names both). */
type Actor = Acting<Admin>;

const usernameTaken = () => fieldConflict('username', 'Username is already taken', 'username_taken');

/** The case-folded key can be longer than the name itself (NFKC); it must still fit the column. */
function assertUsernameFits(username: string | undefined): void {
  if (username !== undefined && usernameKey(username).length > USERNAME_MAX)
    throw invalidField('username', 'Username must be at most 50 characters');
}

/** Blank optional email is stored as null. */
const emailOrNull = (email: string | null | undefined) => email?.trim() || null;

/** Locks a user row for the rest of the transaction; deleted users count as missing. */
async function lockUser(tx: SqlEntityManager, id: string): Promise<User | null> {
  const user = await tx.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  return user && !isDeletedUsername(user.username) ? user : null;
}

/** Refuses changes that would lock the acting admin out of the admin area (409 `cannot_change_self`). */
function assertNotSelfLockout(actor: Actor, targetId: string, change: { isAdmin?: boolean; isActive?: boolean }): void {
  if (actor.id !== targetId) return;
  if (change.isAdmin === false) throw cannotChangeSelf('You cannot remove your own admin rights.', 'isAdmin');
  if (change.isActive === false) throw cannotChangeSelf('You cannot disable your own account.', 'isActive');
}

/**
 * Creates a user as registration does (hashed password, start credits as a `bonus`), then sets the balance
 * to `credits` with an `adjustment`, all in one transaction. 409 with `/body/username` when taken.
 */
export async function createUserAsAdmin(em: SqlEntityManager, input: AdminUserCreate, actor: Actor): Promise<User> {
  assertUsernameFits(input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await em.transactional(async (tx) => {
      const user = await createUser(tx, {
        username: input.username,
        passwordHash,
        email: emailOrNull(input.email),
        isAdmin: input.isAdmin,
      });
      if (!input.isActive) await tx.nativeUpdate(User, { id: user.id }, { isActive: false });
      await setUserCredits(tx, user.id, input.credits, actor);
      await recordAudit(tx, {
        action: 'user.created',
        by: actor,
        subject: user,
        details: { email: emailOrNull(input.email), isAdmin: input.isAdmin, isActive: input.isActive, credits: input.credits },
      });
      return user.id;
    });
    return await em.findOneOrFail(User, { id }, { refresh: true });
  } catch (error) {
    if (error instanceof UserConflictError) throw usernameTaken();
    throw error;
  }
}

/**
 * Changes a user; null when there is none (or it was deleted). A new password or disabling ends their
 * sessions; a credits change is a ledger `adjustment`. The row is locked for the whole change.
 */
export async function updateUserAsAdmin(em: SqlEntityManager, id: string, input: AdminUserUpdate, actor: Actor): Promise<User | null> {
  assertNotSelfLockout(actor, id, input);
  assertUsernameFits(input.username);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    const found = await em.transactional(async (tx) => {
      const user = await lockUser(tx, id);
      if (!user) return false;
      const before = { username: user.username, email: user.email ?? null, isAdmin: user.isAdmin, isActive: user.isActive };
      if (input.username !== undefined) {
        user.username = input.username.trim();
        user.usernameKey = usernameKey(input.username);
      }
      if (input.email !== undefined) {
        const email = emailOrNull(input.email);
        // A new address is unverified until its owner follows a link sent to it.
        if (email?.toLowerCase() !== user.email?.toLowerCase()) user.emailVerifiedAt = null;
        user.email = email;
      }
      if (input.isAdmin !== undefined) user.isAdmin = input.isAdmin;
      if (input.isActive !== undefined) user.isActive = input.isActive;
      if (passwordHash) user.passwordHash = passwordHash;
      await tx.flush();
      if (passwordHash || input.isActive === false) await destroyUserSessions(tx, id);
      const credits = input.credits !== undefined ? await setUserCredits(tx, id, input.credits, actor) : null;
      await auditUserUpdate(tx, actor, before, user, { passwordSet: Boolean(passwordHash), credits });
      return true;
    });
    return found ? await em.findOneOrFail(User, { id }, { refresh: true }) : null;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && /username/i.test(error.message)) throw usernameTaken();
    throw error;
  }
}

/** The entries of one admin edit: role, state, password, name and email, credits (each only when it changed). */
async function auditUserUpdate(
  tx: SqlEntityManager,
  actor: Actor,
  before: { username: string; email: string | null; isAdmin: boolean; isActive: boolean },
  user: User,
  change: { passwordSet: boolean; credits: { before: number; after: number } | null },
): Promise<void> {
  const subject = { id: user.id, username: before.username };
  if (user.isAdmin !== before.isAdmin)
    await recordAudit(tx, {
      action: 'user.role_changed',
      by: actor,
      subject,
      details: { isAdmin: { before: before.isAdmin, after: user.isAdmin } },
    });
  if (user.isActive !== before.isActive)
    await recordAudit(tx, {
      action: 'user.state_changed',
      by: actor,
      subject,
      details: { isActive: { before: before.isActive, after: user.isActive } },
    });
  if (change.passwordSet) await recordAudit(tx, { action: 'user.password_set', by: actor, subject, details: {} });
  const email = user.email ?? null;
  if (user.username !== before.username || email !== before.email) {
    const details = {
      ...(user.username !== before.username && { username: { before: before.username, after: user.username } }),
      ...(email !== before.email && { email: { before: before.email, after: email } }),
    };
    await recordAudit(tx, { action: 'user.updated', by: actor, subject, details });
  }
  if (change.credits && change.credits.before !== change.credits.after)
    await recordAudit(tx, { action: 'user.credits_adjusted', by: actor, subject, details: { credits: change.credits } });
}

/** Enables or disables a user (`isActive` omitted flips it); disabling ends their sessions. Null when missing. */
export async function toggleUserAsAdmin(
  em: SqlEntityManager,
  id: string,
  isActive: boolean | undefined,
  actor: Actor,
): Promise<User | null> {
  assertNotSelfLockout(actor, id, { isActive: isActive ?? (actor.id === id ? false : undefined) });
  const found = await em.transactional(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user) return false;
    const before = user.isActive;
    user.isActive = isActive ?? !user.isActive;
    await tx.flush();
    if (!user.isActive) await destroyUserSessions(tx, id);
    if (user.isActive !== before) {
      const details = { isActive: { before, after: user.isActive } };
      await recordAudit(tx, { action: 'user.state_changed', by: actor, subject: user, details });
    }
    return true;
  });
  return found ? await em.findOneOrFail(User, { id }, { refresh: true }) : null;
}

/** Sets a user's balance (see `setUserCredits`), with the admin's reason; null when there is no such (undeleted) user. */
export async function setCreditsAsAdmin(
  em: SqlEntityManager,
  id: string,
  request: { credits: number; reason?: string | undefined },
  actor: Actor,
): Promise<User | null> {
  const found = await em.transactional(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user) return false;
    const change = await setUserCredits(tx, id, request.credits, actor, request.reason || undefined);
    if (change && change.before !== change.after) {
      const details = { credits: change, ...(request.reason ? { reason: request.reason } : {}) };
      await recordAudit(tx, { action: 'user.credits_adjusted', by: actor, subject: user, details });
    }
    return true;
  });
  return found ? await em.findOneOrFail(User, { id }, { refresh: true }) : null;
}

/**
 * Deletes a user softly, keeping the books: the row stays as an anonymous, disabled account (username
 * `deleted:<id>`, no email, password, Google link or admin rights) so orders and ledger entries keep their
 * owner; sessions, API tokens and image tasks are deleted in the same transaction, then the tasks' stored
 * files. False when there is no such user. 409 `cannot_change_self` for the acting admin's own account.
 */
export async function softDeleteUser(em: SqlEntityManager, id: string, actor: Actor, storage?: FileStorage): Promise<boolean> {
  if (actor.id === id) throw cannotChangeSelf('You cannot delete your own account.');
  const fileKeys = await em.transactional(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user) return null;
    await recordAudit(tx, { action: 'user.deleted', by: actor, subject: { id, username: user.username }, details: {} });
    user.username = deletedUsername(id);
    user.usernameKey = deletedUsername(id);
    user.email = null;
    user.googleId = null;
    user.passwordHash = NO_PASSWORD;
    user.isAdmin = false;
    user.isActive = false;
    await tx.flush();
    await destroyUserSessions(tx, id);
    await tx.nativeDelete(ApiToken, { user: id });
    return deleteUserTaskRows(tx, storage, id);
  });
  if (!fileKeys) return false;
  await deleteFiles(storage, fileKeys);
  return true;
}
