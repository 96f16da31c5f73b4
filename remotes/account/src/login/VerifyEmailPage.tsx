import { request, useProblemMessage } from '@app/api-client';
import { useT, WithMessages } from '@app/i18n';
import { Card, Link, PageHeader, Spinner, useSearchParams } from '@app/ui';
import { Suspense, useEffect, useState } from 'react';
import './login.css';

/** /login/verify-email?token=...: the mailed link verifies the address as soon as it opens, in any browser. */
export function VerifyEmailPage() {
  return (
    <Suspense fallback={null}>
      <WithMessages domains={['security']}>
        <VerifyEmail />
      </WithMessages>
    </Suspense>
  );
}

// The refusal is kept as it came and worded when shown, in the reader's language of the moment.
type State = { status: 'pending' } | { status: 'done' } | { status: 'failed'; error?: unknown };

function VerifyEmail() {
  const t = useT();
  const problemMessage = useProblemMessage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { status: 'pending' } : { status: 'failed' });
  useEffect(() => {
    if (!token) return;
    request('post', '/api/auth/email/verify', { body: { token } }).then(
      () => setState({ status: 'done' }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  }, [token]);
  return (
    <div className="ui-container ui-page auth-page">
      <Card className="auth-card auth-card-narrow">
        <PageHeader className="auth-header" title={t('security.verifyTitle')} />
        {state.status === 'pending' && (
          <p role="status">
            <Spinner aria-label={t('security.loading')} /> {t('security.verifying')}
          </p>
        )}
        {state.status === 'done' && (
          <p role="status" data-testid="verify-done">
            {t('security.verifyDone')}
          </p>
        )}
        {state.status === 'failed' && (
          <p role="alert" data-testid="verify-failed">
            <strong>{t('security.verifyFailedTitle')}</strong>{' '}
            {state.error === undefined ? t('security.linkMissing') : problemMessage(state.error, t('security.linkMissing'))}
          </p>
        )}
        <Link href="/my-account">{t('security.sectionTitle')}</Link>
      </Card>
    </div>
  );
}
