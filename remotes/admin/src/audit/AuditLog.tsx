import { type components, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Card, Pagination, Spinner, TextField } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { NativeSelect } from '@app/ui/native-select';
import { useState } from 'react';
import { useDebouncedValue } from '../shared/useDebouncedValue.ts';
import { AUDIT_ACTION_IDS, actionLabelKey, detailsText } from './auditFormat.ts';

type Kind = 'all' | 'security' | 'admin';
type Action = components['schemas']['AuditEvent']['action'];
const PAGE_SIZE = 25;

/** The audit log, newest first, filtered by kind, action, who and which account. */
export function AuditLog() {
  const t = useT();
  const format = useFormat();
  const [kind, setKind] = useState<Kind>('all');
  const [action, setAction] = useState<Action | 'any'>('any');
  const [actor, setActor] = useState('');
  const [subject, setSubject] = useState('');
  const [page, setPage] = useState(1);
  const who = useDebouncedValue(actor.trim(), 300);
  const whom = useDebouncedValue(subject.trim(), 300);
  const query = {
    page,
    limit: PAGE_SIZE,
    ...(kind !== 'all' && { kind }),
    ...(action !== 'any' && { action }),
    ...(who && { actor: who }),
    ...(whom && { subject: whom }),
  };
  const { data } = useQuery('/api/admin/audit-events', { params: { query } });
  const events = data?.data ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Card className="audit-log" data-testid="audit-log">
      <h3 className="audit-rule-title">{t('security.auditTitle')}</h3>
      <p className="ui-muted">{t('security.auditHint')}</p>
      <div className="audit-filters">
        <NativeSelect<Kind>
          label={t('security.auditKind')}
          name="kind"
          value={kind}
          onChange={filter(setKind)}
          options={[
            { id: 'all', label: t('security.kindAll') },
            { id: 'security', label: t('security.kindSecurity') },
            { id: 'admin', label: t('security.kindAdmin') },
          ]}
        />
        <NativeSelect<Action | 'any'>
          label={t('security.auditAction')}
          name="action"
          value={action}
          onChange={filter(setAction)}
          options={[{ id: 'any', label: t('security.actionAny') }, ...AUDIT_ACTION_IDS.map((id) => ({ id, label: t(actionLabelKey(id)) }))]}
        />
        <TextField name="actor" label={t('security.auditActor')} value={actor} onChange={filter(setActor)} />
        <TextField name="subject" label={t('security.auditSubject')} value={subject} onChange={filter(setSubject)} />
      </div>
      {!data ? (
        <Spinner size="lg" />
      ) : events.length === 0 ? (
        <p className="ui-muted">{t('security.auditEmpty')}</p>
      ) : (
        <ol className="audit-entries" aria-label={t('security.auditTitle')}>
          {events.map((event) => (
            <li key={event.id} className="audit-entry" data-testid="audit-entry" data-action={event.action}>
              <div className="audit-entry-head">
                <strong>{t(actionLabelKey(event.action))}</strong>
                <time dateTime={event.at}>{format.dateTime(event.at)}</time>
              </div>
              <dl className="audit-entry-facts">
                {event.actor && (
                  <div>
                    <dt>{t('security.auditWho')}</dt>
                    <dd>{event.actor.username}</dd>
                  </div>
                )}
                {event.subject && (
                  <div>
                    <dt>{t('security.auditAccount')}</dt>
                    <dd>{event.subject.username}</dd>
                  </div>
                )}
                {event.ip && (
                  <div>
                    <dt>{t('security.auditWhere')}</dt>
                    <dd>{event.ip}</dd>
                  </div>
                )}
                {Object.keys(event.details).length > 0 && (
                  <div className="audit-entry-details">
                    <dt>{t('security.auditDetails')}</dt>
                    <dd>{detailsText(event.details)}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && <Pagination page={page} pageCount={pages} onPageChange={setPage} />}
    </Card>
  );
}
