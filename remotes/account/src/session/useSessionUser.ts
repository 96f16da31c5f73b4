import { type components, useQuery } from '@app/api-client';

export type SessionUser = components['schemas']['CurrentUser'];

/**
 * The signed-in user from GET /api/auth/current-user. The cache entry is the host's own (same
 * `useQuery` key), so `setUser` and `refresh` update the header's badge and menu at once.
 */
export function useSessionUser() {
  // Re-asked when an account page opens, so credits and role are fresh there.
  const { data, error, isLoading, mutate } = useQuery('/api/auth/current-user', {}, { revalidateOnMount: true });
  return {
    user: data?.user ?? null,
    /** True only until the first answer (or failure): later refreshes keep showing the last user. */
    isLoading: isLoading && !data && !error,
    setUser: (user: SessionUser | null) => mutate({ user }, { revalidate: false }),
    refresh: () => mutate(),
  };
}
