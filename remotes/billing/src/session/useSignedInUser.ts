import { useQuery } from '@app/api-client';

/**
 * The signed-in user from GET /api/auth/current-user, read through the SWR cache the host header
 * shares, so a refresh after a payment updates the header's credit badge too.
 * `user` is undefined while unknown, null for a visitor.
 */
export function useSignedInUser() {
  // keepPreviousData: an invalidation after a payment must not flip the page back to "unknown" and unmount it.
  const { data, error, isLoading } = useQuery('/api/auth/current-user', {}, { keepPreviousData: true });
  // A failed call counts as a visitor: the pages then offer to sign in instead of spinning forever.
  const user = data ? data.user : error ? null : undefined;
  return { user, isLoading: isLoading && !data };
}
