import { api, unwrap } from '@app/api-client';
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
    try {
      unwrap(await api.POST('/api/auth/logout'));
    } catch (error) {
      console.error('Logout failed:', error);
    }
    authStore.setUser(null);
    // The shared cache says "visitor" too, without asking again: a failed logout must not sign back in here.
    await mutate({ user: null }, { revalidate: false });
    navigate('/');
  };
}
