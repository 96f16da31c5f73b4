import { useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Card } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { auditActionKey } from './auditActions.ts';

/** The account's latest security events: what happened, when, from where. */
export function SecurityEventsCard() {
  const t = useT();
  const format = useFormat();
  const { data } = useQuery('/api/user/security-events', { params: { query: { page: 1, limit: 20 } } });
  const events = data?.data ?? [];
  return (
    <Card className="security-card security-card-wide" data-testid="security-events-card">
      <h3 className="security-card-title">{t('security.eventsTitle')}</h3>
      {events.length === 0 ? (
        <p className="ui-muted">{t('security.eventsNone')}</p>
      ) : (
        <ul className="security-list" aria-label={t('security.eventsTitle')}>
          {events.map((event) => (
            <li key={event.id} className="security-row" data-testid="security-event">
              <span className="security-row-text">
                <strong>{t(auditActionKey(event.action))}</strong>
                <span className="ui-muted">
                  {format.dateTime(event.at)}
                  {event.ip ? ` · ${event.ip}` : ''}
                  {event.actor && event.actor.id !== event.subject?.id ? ` · ${t('security.byAdmin', { name: event.actor.username })}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
