import { api, unwrap } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, navigate, PasswordField, toast } from '@app/ui';
import { useSessionUser } from '../session/useSessionUser.ts';
import { SubmitForm } from '../shared/SubmitForm.tsx';
import { useCheckedField } from '../shared/useCheckedField.ts';
import { useSubmission } from '../shared/useSubmission.ts';
import { UsernameField } from './UsernameField.tsx';
import { signInPasswordError, signInUsernameError } from './validation.ts';

/** Username and password; on success the header learns the user at once and the page goes home. */
export function SignInForm() {
  const t = useT();
  const { setUser } = useSessionUser();
  const username = useCheckedField(signInUsernameError);
  const password = useCheckedField(signInPasswordError);
  const { pending, fieldErrors, submit } = useSubmission(async () => {
    const { user } = unwrap(await api.POST('/api/auth/login', { body: { username: username.value.trim(), password: password.value } }));
    await setUser(user);
    toast({ title: t('account.loginSucceeded'), description: t('account.welcomeBack', { username: user.username }), variant: 'success' });
    navigate('/');
  }, 'account.loginFailed');

  return (
    <SubmitForm aria-label={t('account.loginTitle')} validationErrors={fieldErrors} onSubmit={submit}>
      <UsernameField {...username} />
      <PasswordField
        name="password"
        label={t('account.password')}
        placeholder={t('account.passwordPlaceholder')}
        autoComplete="current-password"
        {...password}
      />
      <Button type="submit" size="lg" className="auth-submit" isPending={pending}>
        {t('account.signInButton')}
      </Button>
    </SubmitForm>
  );
}
