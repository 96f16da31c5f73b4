import { api, toFieldErrors, unwrap } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Form, navigate, PasswordField, TextField, toast } from '@app/ui';
import { useState } from 'react';
import { useSessionUser } from '../session/useSessionUser.ts';
import { serverMessage } from '../shared/serverMessage.ts';
import { textOf } from '../shared/textOf.ts';
import { signInPasswordError, signInUsernameError } from './validation.ts';

/** Username and password; on success the header learns the user at once and the page goes home. */
export function SignInForm() {
  const t = useT();
  const { setUser } = useSessionUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const { user } = unwrap(await api.POST('/api/auth/login', { body: { username: username.trim(), password } }));
      await setUser(user);
      toast({ title: t('account.loginSucceeded'), description: t('account.welcomeBack', { username: user.username }), variant: 'success' });
      navigate('/');
    } catch (failure) {
      setError(failure);
      setPending(false);
      toast({ title: t('account.loginFailed'), description: serverMessage(failure, t('account.genericError')), variant: 'error' });
    }
  };

  return (
    <Form
      aria-label={t('account.loginTitle')}
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
        validate={(value) => textOf(t, signInUsernameError(value))}
      />
      <PasswordField
        name="password"
        label={t('account.password')}
        placeholder={t('account.passwordPlaceholder')}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        validate={(value) => textOf(t, signInPasswordError(value))}
      />
      <Button type="submit" size="lg" className="auth-submit" isPending={pending}>
        {t('account.signInButton')}
      </Button>
    </Form>
  );
}
