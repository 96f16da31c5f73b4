import { type components, useQuery } from '@app/api-client';

export type WebhookDelivery = components['schemas']['WebhookDelivery'];

/** The user's recent callbacks; re-read every few seconds while one is still waiting to be sent. */
export function useWebhookDeliveries() {
  return useQuery(
    '/api/webhook-deliveries',
    {},
    { refreshInterval: (data) => (data?.deliveries.some((d) => d.state === 'waiting') ? 3000 : 0), revalidateOnMount: true },
  );
}
