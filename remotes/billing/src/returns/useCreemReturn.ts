import { request } from '@app/api-client';
import { navigate } from '@app/ui';
import { useEffect, useState } from 'react';
import { readCreemReturn } from './creemReturn.ts';
import { useRefreshAfterPayment } from './useRefreshAfterPayment.ts';

/**
 * Where a return from Creem's checkout stands:
 * `verifying` the first check; `paid` the server verified the signature and the order is paid;
 * `confirming` waiting for the provider (order pending, or the return could not be verified);
 * `arrived` an unverified return, but the balance grew; `timeout` still nothing after a while;
 * `failed` the order is failed or refunded.
 */
export type CreemReturnState =
  | { phase: 'none' | 'verifying' | 'confirming' | 'timeout' | 'failed' }
  | { phase: 'paid'; credits: number }
  | { phase: 'arrived'; balance: number };

const POLL_INTERVAL_MS = 3000;
const GIVE_UP_AFTER_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Plain requests, not the mutation hook or SWR: a loop polls them until the credits land, and its failures are states.
const verify = (query: Record<string, string>) => request('get', '/api/creem/verify-return', { params: { query } });

/**
 * Verifies the Creem return parameters of this page load (then removes them from the address) and
 * keeps checking until the credits are there: the order again while it is pending, else the balance.
 * Starts once `enabled` (a signed-in user: the check is the buyer's own).
 */
export function useCreemReturn(enabled: boolean): CreemReturnState {
  const [query] = useState(() => readCreemReturn(window.location.search));
  const [state, setState] = useState<CreemReturnState>({ phase: query ? 'verifying' : 'none' });
  const refresh = useRefreshAfterPayment();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one run per page load; refresh only invalidates the shared cache
  useEffect(() => {
    if (!query || !enabled) return;
    navigate(window.location.pathname, { replace: true });
    let cancelled = false;
    const startedAt = Date.now();
    void (async () => {
      let verifiable = true;
      let baseline: number | undefined;
      while (!cancelled) {
        if (verifiable) {
          try {
            const order = await verify(query);
            if (cancelled) return;
            if (order.status === 'paid') {
              setState({ phase: 'paid', credits: order.credits });
              refresh();
              return;
            }
            if (order.status !== 'pending') return setState({ phase: 'failed' });
          } catch {
            // Not verifiable (bad signature, not ours, card payment off): watch the balance instead.
            verifiable = false;
          }
          if (cancelled) return;
          setState({ phase: 'confirming' });
        }
        if (!verifiable) {
          const stats = await request('get', '/api/user/stats').catch(() => undefined);
          if (cancelled) return;
          if (stats && baseline === undefined) baseline = stats.credits;
          else if (stats && baseline !== undefined && stats.credits > baseline) {
            setState({ phase: 'arrived', balance: stats.credits });
            refresh();
            return;
          }
        }
        if (Date.now() - startedAt > GIVE_UP_AFTER_MS) return setState({ phase: 'timeout' });
        await sleep(POLL_INTERVAL_MS);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [query, enabled]);

  return state;
}
