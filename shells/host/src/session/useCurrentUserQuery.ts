import { useQuery } from '@app/api-client';
import type { SWRConfiguration } from 'swr';

/**
 * GET /api/auth/current-user through `@app/api-client`, so host and remotes share one SWR cache
 * entry: a remote that calls `useQuery('/api/auth/current-user')` and mutates or invalidates it
 * refreshes the header at once.
 */
export function useCurrentUserQuery(config?: SWRConfiguration) {
  return useQuery('/api/auth/current-user', {}, config);
}
