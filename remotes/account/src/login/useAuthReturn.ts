import { useRefreshSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { navigate, toast } from '@app/ui';
import { useEffect } from 'react';
import { readAuthReturn } from './authReturn.ts';

/**
 * Handles the Google round trip's return to /login: a toast for the outcome, the parameters removed
 * from the address, then home. The address is cleaned before anything else, so a second run of the
 * effect (React strict mode) finds nothing to do.
 */
export function useAuthReturn() {
  const t = useT();
  const refresh = useRefreshSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per arrival on /login; t and refresh are read at that moment
  useEffect(() => {
    const result = readAuthReturn(window.location.search);
    if (!result) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (result.outcome === 'success') {
      const description = result.username ? t('account.googleWelcome', { username: result.username }) : undefined;
      toast({ title: t('account.googleSucceeded'), description, variant: 'success' });
      // The session cookie is new: ask who is signed in so the header shows the balance at once.
      void refresh();
    } else {
      toast({ title: t('account.googleFailed'), description: result.message ?? t('account.genericError'), variant: 'error' });
    }
    navigate('/');
  }, []);
}
