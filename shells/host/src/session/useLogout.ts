import { request, useSession } from '@app/api-client';
import { navigate } from '@app/ui';

/**
 * Signs out: asks the server to end the session, then shows the visitor whatever the answer (spec 000 §4: a failed
 * call is only logged) and goes home.
 */
export function useLogout(): () => Promise<void> {
  const { setUser } = useSession();
  return async () => {
    // A plain request, not the mutation hook: its failure is logged, never toasted.
    await request('post', '/api/auth/logout').catch((error: unknown) => console.error('Logout failed:', error));
    // Every reader says "visitor" without asking again: a failed logout must not sign back in here.
    await setUser(null);
    navigate('/');
  };
}
