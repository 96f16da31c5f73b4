import { useMutation, useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Link, navigate, PasswordField, toast } from '@app/ui';
import { SubmitForm } from '../shared/SubmitForm.tsx';
import { useCheckedField } from '../shared/useCheckedField.ts';
import type { SecondFactorMethod } from './SecondFactorStep.tsx';
import { UsernameField } from './UsernameField.tsx';
import { signInPasswordError, signInUsernameError } from './validation.ts';

/**
 * Username and password; on success the header learns the user at once and the page goes home. An account with a second
 * factor gets no session yet: `onSecondFactor` shows the next step.
 */
export function SignInForm({ onSecondFactor }: { onSecondFactor: (methods: SecondFactorMethod[]) => void }) {
  const t = useT();
  const { setUser } = useSession();
  const username = useCheckedField(signInUsernameError);
  const password = useCheckedField(signInPasswordError);
  const login = useMutation('post', '/api/auth/login', {
    failure: t('account.loginFailed'),
    fallback: t('account.genericError'),
    onSuccess: async (answer) => {
      if ('secondFactor' in answer) {
        onSecondFactor(answer.secondFactor.methods);
        return;
      }
      const { user } = answer;
      await setUser(user);
      toast({ title: t('account.loginSucceeded'), description: t('account.welcomeBack', { username: user.username }), variant: 'success' });
      navigate('/');
    },
  });
  const submit = () => login.trigger({ body: { username: username.value.trim(), password: password.value } });

  return (
    <SubmitForm aria-label={t('account.loginTitle')} validationErrors={login.fieldErrors} onSubmit={submit}>
      <UsernameField {...username} />
      <PasswordField
        name="password"
        label={t('account.password')}
        placeholder={t('account.passwordPlaceholder')}
        autoComplete="current-password"
        {...password}
      />
      <Button type="submit" size="lg" className="auth-submit" isPending={login.pending}>
        {t('account.signInButton')}
      </Button>
      <Link href="/login/forgot-password" className="auth-forgot">
        {t('account.forgotPasswordLink')}
      </Link>
    </SubmitForm>
  );
}
