import { request, toFieldErrors, useProblemMessage, useSession } from '@app/api-client';
import { useT, WithMessages } from '@app/i18n';
import { Button, navigate, TextField, toast } from '@app/ui';
import { Suspense, useState } from 'react';
import { isCancelled, passkeyAnswer } from '../security/passkeyCeremony.ts';
import { SubmitForm } from '../shared/SubmitForm.tsx';

export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey';

/** The sign-in's second step: the password was right; a code (or a recovery code) or a passkey finishes it. */
export function SecondFactorStep(props: { methods: SecondFactorMethod[]; onBack: () => void }) {
  return (
    <Suspense fallback={null}>
      <WithMessages domains={['security']}>
        <SecondFactorForm {...props} />
      </WithMessages>
    </Suspense>
  );
}

function SecondFactorForm({ methods, onBack }: { methods: SecondFactorMethod[]; onBack: () => void }) {
  const t = useT();
  const problemMessage = useProblemMessage();
  const { setUser } = useSession();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const codes = methods.includes('totp') || methods.includes('recovery_code');

  const finish = async (body: { code: string } | { passkey: never }) => {
    setPending(true);
    setErrors({});
    try {
      const { user } = await request('post', '/api/auth/login/second-factor', { body });
      await setUser(user);
      toast({ title: t('account.loginSucceeded'), description: t('account.welcomeBack', { username: user.username }), variant: 'success' });
      navigate('/');
    } catch (error) {
      if (isCancelled(error)) return;
      setErrors(toFieldErrors(error));
      toast({ title: t('security.secondFactorFailed'), description: problemMessage(error, t('security.genericError')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <SubmitForm aria-label={t('security.secondFactorTitle')} validationErrors={errors} onSubmit={() => finish({ code: code.trim() })}>
      <h2 className="auth-step-title">{t('security.secondFactorTitle')}</h2>
      <p className="ui-muted">{t(codes ? 'security.secondFactorBody' : 'security.secondFactorPasskeyOnly')}</p>
      {codes && (
        <>
          <TextField
            name="code"
            label={t('security.codeLabel')}
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={setCode}
            isRequired
          />
          <Button type="submit" size="lg" className="auth-submit" isPending={pending}>
            {t('security.secondFactorSubmit')}
          </Button>
        </>
      )}
      {methods.includes('passkey') && (
        <Button
          variant={codes ? 'secondary' : 'primary'}
          size="lg"
          isDisabled={pending}
          onPress={async () => {
            try {
              await finish({ passkey: (await passkeyAnswer('second_factor')) as never });
            } catch (error) {
              if (!isCancelled(error))
                toast({
                  title: t('security.secondFactorFailed'),
                  description: problemMessage(error, t('security.genericError')),
                  variant: 'error',
                });
            }
          }}
        >
          {t('security.usePasskey')}
        </Button>
      )}
      <Button variant="ghost" className="account-link-button" onPress={onBack}>
        {t('security.backToSignIn')}
      </Button>
    </SubmitForm>
  );
}
