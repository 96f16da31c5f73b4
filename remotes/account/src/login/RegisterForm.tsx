import { api, toFieldErrors, unwrap } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Form, PasswordField, TextField, toast } from '@app/ui';
import { useState } from 'react';
import { serverMessage } from '../shared/serverMessage.ts';
import { textOf } from '../shared/textOf.ts';
import { confirmPasswordError, emailError, registerPasswordError, registerUsernameError } from './validation.ts';

/** Username, optional email, password twice. Registering does not sign in: `onRegistered` switches to sign-in. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const trimmedEmail = email.trim();
      unwrap(
        await api.POST('/api/auth/register', {
          body: { username: username.trim(), password, ...(trimmedEmail ? { email: trimmedEmail } : {}) },
        }),
      );
      toast({ title: t('account.registerSucceeded'), description: t('account.registerSucceededBody'), variant: 'success' });
      onRegistered();
    } catch (failure) {
      setError(failure);
      setPending(false);
      toast({ title: t('account.registerFailed'), description: serverMessage(failure, t('account.genericError')), variant: 'error' });
    }
  };

  return (
    <Form
      aria-label={t('account.registerTitle')}
      validationErrors={toFieldErrors(error)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        name="username"
        label={t('account.username')}
        placeholder={t('account.usernamePlaceholder')}
        autoComplete="username"
        value={username}
        onChange={setUsername}
        validate={(value) => textOf(t, registerUsernameError(value))}
      />
      <TextField
        name="email"
        inputMode="email"
        label={t('account.email')}
        placeholder={t('account.emailPlaceholder')}
        autoComplete="email"
        value={email}
        onChange={setEmail}
        validate={(value) => textOf(t, emailError(value))}
      />
      <PasswordField
        name="password"
        label={t('account.password')}
        placeholder={t('account.newPasswordPlaceholder')}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        validate={(value) => textOf(t, registerPasswordError(value))}
      />
      <PasswordField
        name="confirmPassword"
        label={t('account.confirmPassword')}
        placeholder={t('account.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        validate={(value) => textOf(t, confirmPasswordError(value, password))}
      />
      <Button type="submit" size="lg" className="auth-submit" isPending={pending}>
        {t('account.registerButton')}
      </Button>
    </Form>
  );
}
