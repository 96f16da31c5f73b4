import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Form, Spinner, TextField } from '@app/ui';
import { useEffect, useState } from 'react';

/** The set-up: scan the QR code (or type the secret), then confirm a code the app shows. */
export function TotpSetupForm({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const start = useMutation('post', '/api/user/second-factor/totp/setup', {
    failure: t('security.totpSetUpFailed'),
    fallback: t('security.genericError'),
  });
  const enable = useMutation('post', '/api/user/second-factor/totp', {
    failure: t('security.totpSetUpFailed'),
    fallback: t('security.genericError'),
    invalidates: ['/api/user/security', '/api/user/security-events'],
    onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
  });
  const [setup, setSetup] = useState<{ secret: string; qrCodeSvg: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one set-up per opening of the dialog
  useEffect(() => {
    void start.trigger().then((answer) => answer && setSetup(answer.data));
  }, []);

  if (!setup) return <Spinner aria-label={t('security.loading')} />;
  return (
    <Form
      className="security-totp-form"
      validationBehavior="aria"
      validationErrors={enable.fieldErrors}
      onSubmit={(event) => {
        event.preventDefault();
        void enable.trigger({ body: { code: code.trim() } });
      }}
    >
      <p>{t('security.totpScan')}</p>
      <img className="security-qr" alt={t('security.qrLabel')} src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`} />
      <p className="ui-muted">
        {t('security.totpSecret')}{' '}
        <code className="security-secret" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <TextField name="code" label={t('security.codeLabel')} autoComplete="one-time-code" value={code} onChange={setCode} isRequired />
      <Button type="submit" isPending={enable.pending}>
        {t('security.totpConfirm')}
      </Button>
    </Form>
  );
}
