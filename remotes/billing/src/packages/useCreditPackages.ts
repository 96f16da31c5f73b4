import { useApi } from '@app/api-client';

/** The active credit packages, cheapest first (GET /api/credit-packages, public). */
export function useCreditPackages() {
  return useApi('/api/credit-packages', {}, { keepPreviousData: true });
}
