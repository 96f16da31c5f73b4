// Users to the contract's wire shapes, for the user and for the admin. Never the password hash or the Google id itself.
import type { AdminUser, CurrentUser } from '@app/contract';
import type { Principal } from '../../http/context.ts';
import type { User } from './user.entity.ts';

/** The signed-in user as the browser sees it. */
export function presentCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? null,
    credits: user.credits,
    lowBalanceThreshold: user.lowBalanceThreshold ?? null,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A user as the admin sees it: the same fields, whether Google is linked, the last sign-in and their number of image tasks. */
export function presentAdminUser(user: User, imageCount: number): AdminUser {
  // The admin list has no use for the user's alert setting.
  const { lowBalanceThreshold: _alert, ...fields } = presentCurrentUser(user);
  return {
    ...fields,
    googleLinked: Boolean(user.googleId),
    imageCount,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** What the role check and handlers need to know about the caller. */
export function toPrincipal(user: User): Principal {
  return { id: user.id, username: user.username, isAdmin: user.isAdmin, isActive: user.isActive };
}
