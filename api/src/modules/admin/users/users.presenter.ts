// Users to the admin list's wire shape. Never the password hash or the Google id itself.
import type { AdminUser } from '@app/contract';
import type { User } from '../../users/user.entity.ts';

/** A user as the admin sees it, with the number of image tasks they created. */
export function presentAdminUser(user: User, imageCount: number): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? null,
    credits: user.credits,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    googleLinked: Boolean(user.googleId),
    imageCount,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}
