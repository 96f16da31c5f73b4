import { useInvalidate } from '@app/api-client';

/** After a payment: refetch the balance everywhere (header badge, stats) and the transaction list. */
export function useRefreshAfterPayment(): () => void {
  const invalidate = useInvalidate();
  return () => void invalidate('/api/auth/current-user', '/api/user/stats', '/api/transactions');
}
