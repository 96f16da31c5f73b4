import { useMutation } from '@app/api-client';
import { useT, WithMessages } from '@app/i18n';
import { Button, Card, Link, navigate, PageHeader, PasswordField, toast, useSearchParams } from '@app/ui';
import { Suspense, useState } from 'react';
import { SubmitForm } from '../shared/SubmitForm.tsx';
import './login.css';

/** /login/reset-password?token=...: the mailed link's page; a new password ends every session, then sign in. */
export function ResetPasswordPage() {
  return (
    <Suspense fallback={null}>
      <WithMessages domains={['security']}>
        <ResetPassword />
      </WithMessages>
    </Suspense>
  );
}

function ResetPassword() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useMutation('post', '/api/auth/password-reset/complete', {
    failure: t('security.resetFailed'),
    fallback: t('security.genericError'),
    onSuccess: () => {
      toast({ title: t('security.resetDone'), description: t('security.resetDoneBody'), variant: 'success' });
      navigate('/login');
    },
  });
  const submit = () => {
    if (password.length < 6) return setErrors({ newPassword: t('security.passwordTooShort') });
    if (password !== confirm) return setErrors({ confirmPassword: t('security.passwordsMismatch') });
    setErrors({});
    return reset.trigger({ body: { token, newPassword: password } });
  };
  return (
    <div className="ui-container ui-page auth-page">
      <Card className="auth-card auth-card-narrow">
        <PageHeader className="auth-header" title={t('security.resetTitle')} subtitle={t('security.resetBody')} />
        {token ? (
          <SubmitForm
            aria-label={t('security.resetTitle')}
            validationBehavior="aria"
            validationErrors={{ ...errors, ...reset.fieldErrors }}
            onSubmit={submit}
          >
            <PasswordField
              name="newPassword"
              label={t('security.resetNewPassword')}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
            />
            <PasswordField
              name="confirmPassword"
              label={t('security.resetConfirm')}
              autoComplete="new-password"
              value={confirm}
              onChange={setConfirm}
            />
            {reset.fieldErrors.token && (
              <p role="alert" className="auth-error">
                {reset.fieldErrors.token}
              </p>
            )}
            <Button type="submit" size="lg" className="auth-submit" isPending={reset.pending}>
              {t('security.resetSubmit')}
            </Button>
          </SubmitForm>
        ) : (
          <p role="alert">{t('security.linkMissing')}</p>
        )}
        <Link href="/login">{t('security.backToSignIn')}</Link>
      </Card>
    </div>
  );
}
