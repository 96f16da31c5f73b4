import { request } from '@app/api-client';
import { navigate } from '@app/ui';
import { authStore } from './authStore.ts';
import { useCurrentUserQuery } from './useCurrentUserQuery.ts';

/**
 * Signs out: asks the server to end the session, then clears the local state whatever the answer
 * (spec 000 §4: a failed call is only logged) and goes home.
 */
export function useLogout(): () => Promise<void> {
  const { mutate } = useCurrentUserQuery();
  return async () => {
    // A plain request, not the mutation hook: its failure is logged, never toasted.
    await request('post', '/api/auth/logout').catch((error: unknown) => console.error('Logout failed:', error));
    authStore.setUser(null);
    // The shared cache says "visitor" too, without asking again: a failed logout must not sign back in here.
    await mutate({ user: null }, { revalidate: false });
    navigate('/');
  };
}
