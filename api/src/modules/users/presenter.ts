// Users to the contract's wire shape. Never includes the password hash or Google id.
import type { CurrentUser } from '@app/contract';
import type { Principal } from '../../http/context.ts';
import type { User } from './user.entity.ts';

/** The signed-in user as the browser sees it. */
export function presentCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? null,
    credits: user.credits,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What the role check and handlers need to know about the caller. */
export function toPrincipal(user: User): Principal {
  return { id: user.id, username: user.username, isAdmin: user.isAdmin, isActive: user.isActive };
}
