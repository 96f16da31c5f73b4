import { type components, useQuery } from '@app/api-client';

type CurrentUser = components['schemas']['CurrentUser'];

/** Who is looking at an admin page: unknown yet, nobody, a regular user, or an administrator. */
export type AdminAccess =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'forbidden'; user: CurrentUser }
  | { status: 'admin'; user: CurrentUser };

/**
 * Reads the current user from the shared SWR cache (the host asks for the same key, so this
 * is usually answered without a request). A failed lookup counts as signed out: the admin
 * area never opens on a guess.
 */
export function useAdminAccess(): AdminAccess {
  const { data, error } = useQuery('/api/auth/current-user');
  if (!data && !error) return { status: 'loading' };
  const user = data?.user ?? null;
  if (!user) return { status: 'anonymous' };
  return user.isAdmin ? { status: 'admin', user } : { status: 'forbidden', user };
}
