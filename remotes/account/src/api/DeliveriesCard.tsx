import { useMutation } from '@app/api-client';
import { useI18n } from '@app/i18n';
import { Badge, type BadgeVariant, Button, Card, Spinner, toast } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { useWebhookDeliveries, type WebhookDelivery } from './deliveriesApi.ts';

const STATE_VARIANTS: Record<WebhookDelivery['state'], BadgeVariant> = {
  waiting: 'info',
  delivered: 'success',
  failed: 'danger',
  skipped: 'neutral',
};

/** /api: the recent callbacks of the user's tasks, their state and the receiver's answer, and "send again". */
export function DeliveriesCard() {
  const { t } = useI18n();
  const deliveries = useWebhookDeliveries();
  const list = deliveries.data?.deliveries;
  return (
    <Card className="deliveries-card">
      <h2 className="api-section-title">{t('account.deliveriesTitle')}</h2>
      <p className="ui-muted api-section-subtitle">{t('account.deliveriesSubtitle')}</p>
      {list ? (
        list.length > 0 ? (
          <ul className="token-list" aria-label={t('account.deliveriesTitle')}>
            {list.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        ) : (
          <p className="tokens-empty ui-muted">{t('account.noDeliveries')}</p>
        )
      ) : deliveries.error ? (
        <p className="tokens-empty ui-muted">{t('account.deliveriesLoadFailed')}</p>
      ) : (
        <Spinner className="tokens-spinner" />
      )}
    </Card>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useI18n();
  const format = useFormat();
  const redeliver = useMutation('post', '/api/webhook-deliveries/{id}/redeliver', {
    failure: t('account.redeliverFailed'),
    fallback: t('account.genericError'),
    invalidates: ['/api/webhook-deliveries'],
    onSuccess: () => toast({ title: t('account.redeliverQueued'), description: delivery.url, variant: 'success' }),
  });
  const send = () => redeliver.trigger({ params: { path: { id: delivery.id } } });
  const answer =
    delivery.responseCode !== null
      ? t('account.deliveryAnswer', { code: delivery.responseCode })
      : (delivery.error ?? t('account.deliveryNoAnswer'));
  return (
    <li className="token-row" data-testid="delivery-row" data-state={delivery.state}>
      <div className="token-main">
        <div className="token-name-line">
          <Badge variant="primary">{t(`account.deliveryEvent_${delivery.event}`)}</Badge>
          <Badge variant={STATE_VARIANTS[delivery.state]}>{t(`account.deliveryState_${delivery.state}`)}</Badge>
          <span className="token-name">{delivery.taskId}</span>
        </div>
        <code className="token-masked">{delivery.url}</code>
        <p className="token-meta">
          <span>{format.dateTime(delivery.createdAt)}</span>
          {delivery.attempts > 0 && <span data-testid="delivery-answer">{answer}</span>}
          <span>{t('account.deliveryAttempts', { count: delivery.attempts })}</span>
        </p>
      </div>
      <div className="token-actions">
        <Button variant="secondary" size="sm" isDisabled={delivery.state === 'waiting'} isPending={redeliver.pending} onPress={send}>
          {t('account.redeliver')}
        </Button>
      </div>
    </li>
  );
}
