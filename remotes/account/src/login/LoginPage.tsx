import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, LinkButton, PageHeader } from '@app/ui';
import { lazy, useState } from 'react';
import { GoogleSignIn } from './GoogleSignIn.tsx';
import { PasskeySignIn } from './PasskeySignIn.tsx';
import { Perks } from './Perks.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import type { SecondFactorMethod } from './SecondFactorStep.tsx';
import { SignInForm } from './SignInForm.tsx';
import { useAuthReturn } from './useAuthReturn.ts';
import './login.css';

// Only accounts with a second factor need the second step: its code comes when asked.
const SecondFactorStep = lazy(() => import('./SecondFactorStep.tsx').then((m) => ({ default: m.SecondFactorStep })));

type Mode = 'signIn' | 'register' | { secondFactor: SecondFactorMethod[] };

/** /login: sign in or register, with Google as the alternative, and the Google return handled. */
export function LoginPage() {
  const t = useT();
  const [mode, setMode] = useState<Mode>('signIn');
  const { user } = useSession({ refreshOnMount: true });
  useAuthReturn();
  const signIn = mode !== 'register';

  return (
    <div className="ui-container ui-page auth-page">
      <div className="auth-layout">
        <Perks />
        <Card className="auth-card">
          <PageHeader
            className="auth-header"
            title={t(signIn ? 'account.loginTitle' : 'account.registerTitle')}
            subtitle={t(signIn ? 'account.loginSubtitle' : 'account.registerSubtitle')}
          />
          {user && (
            <div className="auth-signed-in" role="status">
              <span>{t('account.alreadySignedIn', { username: user.username })}</span>
              <LinkButton href="/my-account" variant="secondary" size="sm">
                {t('account.goToAccount')}
              </LinkButton>
            </div>
          )}
          {/* Keyed by mode: switching, or a successful registration, starts from empty fields. */}
          {typeof mode === 'object' ? (
            <SecondFactorStep methods={mode.secondFactor} onBack={() => setMode('signIn')} />
          ) : signIn ? (
            <SignInForm key="signIn" onSecondFactor={(methods) => setMode({ secondFactor: methods })} />
          ) : (
            <RegisterForm key="register" onRegistered={() => setMode('signIn')} />
          )}
          {mode === 'signIn' && <PasskeySignIn />}
          <GoogleSignIn />
          <p className="auth-switch">
            {t(signIn ? 'account.noAccount' : 'account.haveAccount')}{' '}
            <Button variant="ghost" className="account-link-button" onPress={() => setMode(signIn ? 'register' : 'signIn')}>
              {t(signIn ? 'account.switchToRegister' : 'account.switchToSignIn')}
            </Button>
          </p>
        </Card>
      </div>
    </div>
  );
}
