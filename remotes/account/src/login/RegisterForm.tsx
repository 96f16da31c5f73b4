import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, PasswordField, TextField, toast } from '@app/ui';
import { SubmitForm } from '../shared/SubmitForm.tsx';
import { useCheckedField } from '../shared/useCheckedField.ts';
import { UsernameField } from './UsernameField.tsx';
import { confirmPasswordError, emailError, registerPasswordError, registerUsernameError } from './validation.ts';

/** Username, optional email, password twice. Registering does not sign in: `onRegistered` switches to sign-in. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const t = useT();
  const username = useCheckedField(registerUsernameError);
  const email = useCheckedField(emailError);
  const password = useCheckedField(registerPasswordError);
  const confirm = useCheckedField((value) => confirmPasswordError(value, password.value));
  const register = useMutation('post', '/api/auth/register', {
    failure: t('account.registerFailed'),
    fallback: t('account.genericError'),
    onSuccess: () => {
      toast({ title: t('account.registerSucceeded'), description: t('account.registerSucceededBody'), variant: 'success' });
      onRegistered();
    },
  });
  const submit = () => {
    const trimmedEmail = email.value.trim();
    return register.trigger({
      body: { username: username.value.trim(), password: password.value, ...(trimmedEmail ? { email: trimmedEmail } : {}) },
    });
  };

  return (
    <SubmitForm aria-label={t('account.registerTitle')} validationErrors={register.fieldErrors} onSubmit={submit}>
      <UsernameField {...username} />
      <TextField
        name="email"
        inputMode="email"
        label={t('account.email')}
        placeholder={t('account.emailPlaceholder')}
        autoComplete="email"
        {...email}
      />
      <PasswordField
        name="password"
        label={t('account.password')}
        placeholder={t('account.newPasswordPlaceholder')}
        autoComplete="new-password"
        {...password}
      />
      <PasswordField
        name="confirmPassword"
        label={t('account.confirmPassword')}
        placeholder={t('account.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        {...confirm}
      />
      <Button type="submit" size="lg" className="auth-submit" isPending={register.pending}>
        {t('account.registerButton')}
      </Button>
    </SubmitForm>
  );
}
