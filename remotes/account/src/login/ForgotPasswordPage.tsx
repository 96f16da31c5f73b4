import { useMutation } from '@app/api-client';
import { useT, WithMessages } from '@app/i18n';
import { Button, Card, Link, PageHeader, TextField } from '@app/ui';
import { Suspense, useState } from 'react';
import { SubmitForm } from '../shared/SubmitForm.tsx';
import './login.css';

/** /login/forgot-password: mail a reset link to a verified email (the answer is the same for any address). */
export function ForgotPasswordPage() {
  return (
    <Suspense fallback={null}>
      <WithMessages domains={['security']}>
        <ForgotPassword />
      </WithMessages>
    </Suspense>
  );
}

function ForgotPassword() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation('post', '/api/auth/password-reset', {
    failure: t('security.forgotFailed'),
    fallback: t('security.genericError'),
    onSuccess: ({ message }) => setSent(message),
  });
  return (
    <div className="ui-container ui-page auth-page">
      <Card className="auth-card auth-card-narrow">
        <PageHeader className="auth-header" title={t('security.forgotTitle')} subtitle={t('security.forgotBody')} />
        {sent ? (
          <p role="status" className="auth-sent" data-testid="reset-sent">
            <strong>{t('security.forgotSent')}</strong> {sent}
          </p>
        ) : (
          <SubmitForm
            aria-label={t('security.forgotTitle')}
            validationErrors={send.fieldErrors}
            onSubmit={() => send.trigger({ body: { email: email.trim() } })}
          >
            <TextField
              name="email"
              type="email"
              label={t('security.forgotEmailLabel')}
              autoComplete="email"
              value={email}
              onChange={setEmail}
              isRequired
            />
            <Button type="submit" size="lg" className="auth-submit" isPending={send.pending}>
              {t('security.forgotSubmit')}
            </Button>
          </SubmitForm>
        )}
        <Link href="/login">{t('security.backToSignIn')}</Link>
      </Card>
    </div>
  );
}
