import { request, useProblemMessage, useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, navigate, toast } from '@app/ui';
import { useState } from 'react';

/** "Sign in with a passkey": any passkey of this site (discoverable), no username needed. */
export function PasskeySignIn() {
  const t = useT();
  const problemMessage = useProblemMessage();
  const { setUser } = useSession();
  const [pending, setPending] = useState(false);
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function') return null;

  const signIn = async () => {
    setPending(true);
    try {
      const { passkeyAnswer } = await import('../security/passkeyCeremony.ts');
      const passkey = await passkeyAnswer('sign_in');
      const { user } = await request('post', '/api/auth/passkey', { body: { passkey: passkey as never } });
      await setUser(user);
      toast({ title: t('account.loginSucceeded'), description: t('account.welcomeBack', { username: user.username }), variant: 'success' });
      navigate('/');
    } catch (error) {
      const { isCancelled } = await import('../security/passkeyCeremony.ts');
      if (!isCancelled(error))
        toast({ title: t('account.loginFailed'), description: problemMessage(error, t('account.genericError')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant="secondary" size="lg" className="auth-passkey-button" isPending={pending} onPress={() => void signIn()}>
      {t('account.passkeyButton')}
    </Button>
  );
}
