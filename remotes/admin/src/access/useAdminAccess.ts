import { type CurrentUser, useSession } from '@app/api-client';

/** Who is looking at an admin page: unknown yet, nobody, a regular user, or an administrator. */
export type AdminAccess =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'forbidden'; user: CurrentUser }
  | { status: 'admin'; user: CurrentUser };

/**
 * The page's session as admin access. Only the server's word counts: a copy saved at the last visit leaves it
 * loading, and a failed lookup is a visitor, so the admin area never opens on a guess.
 */
export function useAdminAccess(): AdminAccess {
  const { user, checked } = useSession();
  if (!checked) return { status: 'loading' };
  if (!user) return { status: 'anonymous' };
  return user.isAdmin ? { status: 'admin', user } : { status: 'forbidden', user };
}
