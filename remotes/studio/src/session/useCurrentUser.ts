import { useQuery } from '@app/api-client';

/**
 * The signed-in user (null for visitors, undefined while loading). Same SWR key as the host
 * header, so both read one cache and an invalidation updates the credits badge at once.
 */
export function useCurrentUser() {
  const { data, isLoading } = useQuery('/api/auth/current-user');
  return { user: data?.user ?? (isLoading ? undefined : null), isLoading };
}
