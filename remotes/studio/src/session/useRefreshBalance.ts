import { useInvalidate } from '@app/api-client';
import { useCallback, useRef } from 'react';

/**
 * Re-reads the current user, so the header's credit badge follows a charge or a refund at once.
 * The returned function is stable, so effects can depend on it without re-running.
 */
export function useRefreshBalance() {
  const invalidate = useInvalidate();
  const latest = useRef(invalidate);
  latest.current = invalidate;
  return useCallback(() => latest.current('/api/auth/current-user'), []);
}
