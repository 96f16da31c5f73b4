import { type components, request, useProblemMessage, useQuery } from '@app/api-client';
import { useT, WithMessages } from '@app/i18n';
import { Button, PasswordField, TextField, toast } from '@app/ui';
import { FormDialog, Modal } from '@app/ui/dialog';
import { useState } from 'react';

type StepUpBody = components['schemas']['StepUpBody'];

/**
 * The question of a call refused with 401 `step_up_required` (credits, refunds, roles, payment and provider settings,
 * the admin rule) in the admin area: a code, a passkey, or the password of an account without a second factor.
 * `onDone(true)` once confirmed: the API client then sends the refused call again (api-client stepUp.ts). Loaded by
 * StepUpAnswer when first needed.
 */
export function StepUpDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  return (
    <WithMessages domains={['security']}>
      <Modal size="sm" isOpen isDismissable onOpenChange={(open) => !open && onDone(false)}>
        <StepUpForm onConfirmed={() => onDone(true)} />
      </Modal>
    </WithMessages>
  );
}

const cancelled = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

function StepUpForm({ onConfirmed }: { onConfirmed: () => void }) {
  const t = useT();
  const problemMessage = useProblemMessage();
  const { data } = useQuery('/api/user/security');
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const hasFactor = data?.secondFactor ?? false;

  const confirm = async (body: () => Promise<StepUpBody>) => {
    setPending(true);
    setError(undefined);
    try {
      await request('post', '/api/auth/step-up', { body: await body() });
      onConfirmed();
    } catch (failure) {
      if (cancelled(failure)) return;
      const description = problemMessage(failure, t('security.genericError'));
      setError(description);
      toast({ title: t('security.stepUpFailed'), description, variant: 'error' });
    } finally {
      setPending(false);
    }
  };
  const withPasskey = async (): Promise<StepUpBody> => {
    const optionsJSON = await request('post', '/api/auth/passkey/options', { body: { purpose: 'step_up' } });
    const { startAuthentication } = await import('@simplewebauthn/browser');
    return { passkey: (await startAuthentication({ optionsJSON: optionsJSON as never })) as never };
  };

  return (
    <FormDialog
      title={t('security.stepUpTitle')}
      submitLabel={t('security.confirm')}
      cancelLabel={t('security.cancel')}
      pending={pending}
      validationBehavior="aria"
      validationErrors={error ? { [hasFactor ? 'code' : 'password']: error } : {}}
      onSubmit={() => confirm(async () => (hasFactor ? { code: value.trim() } : { password: value }))}
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
        <Button variant="secondary" isDisabled={pending} onPress={() => void confirm(withPasskey)}>
          {t('security.usePasskey')}
        </Button>
      )}
    </FormDialog>
  );
}
