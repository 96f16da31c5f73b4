import { useQuery } from '@app/api-client';
import { POLL_MS } from '@app/contract/constants';
import { enabledMethods, type PaymentMethod } from './paymentMethods.ts';

/** The payment methods the admin enabled, from GET /api/pricing/current (shared with the landing page's cache). */
export function usePaymentMethods(): { methods: PaymentMethod[]; sandbox: boolean; isLoading: boolean; isError: boolean } {
  const { data, error, isLoading } = useQuery('/api/pricing/current', {}, { refreshInterval: POLL_MS.pricing, keepPreviousData: true });
  return {
    methods: enabledMethods(data),
    sandbox: Boolean(data?.sandboxPayments),
    isLoading: isLoading && !data,
    isError: Boolean(error) && !data,
  };
}
