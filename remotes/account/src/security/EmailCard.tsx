import { type components, useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Badge, Button, Card, toast } from '@app/ui';

type Security = components['schemas']['AccountSecurity'];

/** Whether the email is verified, and a button that mails the link. */
export function EmailCard({ security }: { security: Security | undefined }) {
  const t = useT();
  const send = useMutation('post', '/api/user/email/verification', {
    failure: t('security.verifyFailed'),
    fallback: t('security.genericError'),
    onSuccess: ({ message }) => toast({ title: t('security.verifySent'), description: message, variant: 'success' }),
  });
  const email = security?.email;
  return (
    <Card className="security-card" data-testid="email-card">
      <h3 className="security-card-title">{t('security.emailTitle')}</h3>
      {!email ? (
        <p className="ui-muted">{t('security.emailNone')}</p>
      ) : (
        <>
          <p className="security-email">
            <span className="security-email-address">{email}</span>{' '}
            <Badge variant={security.emailVerified ? 'success' : 'warning'}>
              {t(security.emailVerified ? 'security.emailVerified' : 'security.emailUnverified')}
            </Badge>
          </p>
          <p className="ui-muted">{t('security.emailHint')}</p>
          {!security.emailVerified && (
            <Button variant="secondary" isPending={send.pending} onPress={() => send.trigger()}>
              {t('security.sendVerification')}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
