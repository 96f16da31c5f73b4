import { type components, useMutation, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Badge, Button, Card, navigate, toast } from '@app/ui';
import { useFormat } from '@app/ui/format';

type AccountSession = components['schemas']['AccountSession'];

/** Where the account is signed in; sign out one session, or all the others. */
export function SessionsCard() {
  const t = useT();
  const { data } = useQuery('/api/user/sessions');
  const sessions = data ?? [];
  const endOthers = useMutation('post', '/api/user/sessions/end-others', {
    failure: t('security.sessionsFailed'),
    fallback: t('security.genericError'),
    invalidates: ['/api/user/sessions', '/api/user/security-events'],
    onSuccess: ({ ended }) => toast({ title: t('security.othersEnded', { count: ended }), variant: 'success' }),
  });
  return (
    <Card className="security-card security-card-wide" data-testid="sessions-card">
      <h3 className="security-card-title">{t('security.sessionsTitle')}</h3>
      <ul className="security-list" aria-label={t('security.sessionsTitle')}>
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {sessions.length > 1 && (
        <Button variant="secondary" isPending={endOthers.pending} onPress={() => endOthers.trigger()}>
          {t('security.endOthers')}
        </Button>
      )}
    </Card>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const t = useT();
  const format = useFormat();
  const end = useMutation('delete', '/api/user/sessions/{id}', {
    failure: t('security.sessionsFailed'),
    fallback: t('security.genericError'),
    invalidates: ['/api/user/sessions', '/api/user/security-events'],
    onSuccess: () => {
      if (session.current) navigate('/login');
    },
  });
  const client = [session.browser ?? t('security.unknownBrowser'), session.system].filter(Boolean).join(' · ');
  return (
    <li className="security-row" data-testid="session-row" data-current={session.current || undefined}>
      <span className="security-row-text">
        <strong>
          {client} {session.current && <Badge variant="success">{t('security.thisDevice')}</Badge>}
        </strong>
        <span className="ui-muted">
          {t('security.sessionFacts', {
            ip: session.ip ?? '?',
            started: format.dateTime(session.createdAt),
            seen: format.dateTime(session.lastSeenAt),
          })}
        </span>
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('security.signOutNamed', { name: client })}
        isPending={end.pending}
        onPress={() => end.trigger({ params: { path: { id: session.id } } })}
      >
        {t('security.signOut')}
      </Button>
    </li>
  );
}
