import { type components, onStepUpRequired, request, useProblemMessage, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, PasswordField, TextField, toast } from '@app/ui';
import { FormDialog, Modal } from '@app/ui/dialog';
import { useEffect, useState } from 'react';
import { isCancelled, passkeyAnswer } from './passkeyCeremony.ts';

/**
 * Registered while mounted: a call refused with 401 `step_up_required` opens this dialog; once confirmed (a code, a
 * passkey, or the password of an account without a second factor) the client sends the refused call again.
 */
export function StepUpPrompt() {
  const [resolve, setResolve] = useState<((confirmed: boolean) => void) | null>(null);
  useEffect(() => onStepUpRequired(() => new Promise<boolean>((done) => setResolve(() => done))), []);
  if (!resolve) return null;
  const finish = (confirmed: boolean) => {
    resolve(confirmed);
    setResolve(null);
  };
  return (
    <Modal size="sm" isOpen isDismissable onOpenChange={(open) => !open && finish(false)}>
      <StepUpForm onConfirmed={() => finish(true)} />
    </Modal>
  );
}

function StepUpForm({ onConfirmed }: { onConfirmed: () => void }) {
  const t = useT();
  const problemMessage = useProblemMessage();
  const { data } = useQuery('/api/user/security');
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const hasFactor = data?.secondFactor ?? false;

  const send = async (body: components['schemas']['StepUpBody']) => {
    setPending(true);
    setError(undefined);
    try {
      await request('post', '/api/auth/step-up', { body });
      onConfirmed();
    } catch (failure) {
      if (isCancelled(failure)) return;
      setError(problemMessage(failure, t('security.genericError')));
      toast({ title: t('security.stepUpFailed'), description: problemMessage(failure, t('security.genericError')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      title={t('security.stepUpTitle')}
      submitLabel={t('security.confirm')}
      cancelLabel={t('security.cancel')}
      pending={pending}
      validationBehavior="aria"
      validationErrors={error ? { [hasFactor ? 'code' : 'password']: error } : {}}
      onSubmit={() => send(hasFactor ? { code: value.trim() } : { password: value })}
    >
      <p className="ui-muted">{t(hasFactor ? 'security.stepUpBodyCode' : 'security.stepUpBodyPassword')}</p>
      {hasFactor ? (
        <TextField name="code" label={t('security.codeLabel')} autoComplete="one-time-code" autoFocus value={value} onChange={setValue} />
      ) : (
        <PasswordField
          name="password"
          label={t('security.passwordLabel')}
          autoComplete="current-password"
          autoFocus
          value={value}
          onChange={setValue}
        />
      )}
      {(data?.passkeys.length ?? 0) > 0 && (
        <Button
          variant="secondary"
          isDisabled={pending}
          onPress={async () => {
            try {
              await send({ passkey: (await passkeyAnswer('step_up')) as never });
            } catch (failure) {
              if (!isCancelled(failure)) setError(problemMessage(failure, t('security.genericError')));
            }
          }}
        >
          {t('security.usePasskey')}
        </Button>
      )}
    </FormDialog>
  );
}
