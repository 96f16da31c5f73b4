import { api, type components, unwrap, useApi } from '@app/api-client';

export type WebhookDelivery = components['schemas']['WebhookDelivery'];

/** The user's recent callbacks; re-read every few seconds while one is still waiting to be sent. */
export function useWebhookDeliveries() {
  return useApi(
    '/api/webhook-deliveries',
    {},
    { refreshInterval: (data) => (data?.deliveries.some((d) => d.state === 'waiting') ? 3000 : 0), revalidateOnMount: true },
  );
}

export async function redeliverWebhook(id: string): Promise<WebhookDelivery> {
  return unwrap(await api.POST('/api/webhook-deliveries/{id}/redeliver', { params: { path: { id } } }));
}
