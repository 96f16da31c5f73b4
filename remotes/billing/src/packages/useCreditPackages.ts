import { useQuery } from '@app/api-client';

/** The active credit packages, cheapest first (GET /api/credit-packages, public). */
export function useCreditPackages() {
  return useQuery('/api/credit-packages', {}, { keepPreviousData: true });
}
