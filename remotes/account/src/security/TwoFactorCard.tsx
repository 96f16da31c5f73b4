import { type components, useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Badge, Button, Card, toast } from '@app/ui';
import { Dialog, DialogTrigger, Modal } from '@app/ui/dialog';
import { useState } from 'react';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.tsx';
import { TotpSetupForm } from './TotpSetupForm.tsx';

type Security = components['schemas']['AccountSecurity'];

/** The authenticator app: set it up (QR code, a code, recovery codes), remove it, or make new recovery codes. */
export function TwoFactorCard({ security }: { security: Security | undefined }) {
  const t = useT();
  const [setupOpen, setSetupOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const remove = useMutation('delete', '/api/user/second-factor/totp', {
    failure: t('security.totpRemoveFailed'),
    fallback: t('security.genericError'),
    invalidates: ['/api/user/security', '/api/user/security-events'],
    onSuccess: () => toast({ title: t('security.totpRemoved'), variant: 'success' }),
  });
  const regenerate = useMutation('post', '/api/user/second-factor/recovery-codes', {
    failure: t('security.recoveryFailed'),
    fallback: t('security.genericError'),
    invalidates: ['/api/user/security', '/api/user/security-events'],
    onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes),
  });
  const enabled = security?.totpEnabled ?? false;

  return (
    <Card className="security-card" data-testid="two-factor-card" id="second-factor">
      <h3 className="security-card-title">
        {t('security.totpTitle')} <Badge variant={enabled ? 'success' : 'neutral'}>{t(enabled ? 'security.on' : 'security.off')}</Badge>
      </h3>
      <p className="ui-muted">{t('security.totpHint')}</p>
      {enabled ? (
        <>
          <p className="security-recovery-left">{t('security.recoveryLeft', { count: security?.recoveryCodesLeft ?? 0 })}</p>
          <div className="security-actions">
            <Button variant="secondary" isPending={regenerate.pending} onPress={() => regenerate.trigger()}>
              {t('security.newRecoveryCodes')}
            </Button>
            <Button variant="danger" isPending={remove.pending} onPress={() => remove.trigger()}>
              {t('security.totpRemove')}
            </Button>
          </div>
        </>
      ) : (
        <DialogTrigger isOpen={setupOpen} onOpenChange={setSetupOpen}>
          <Button>{t('security.totpSetUp')}</Button>
          <Modal size="sm" isDismissable>
            <Dialog title={t('security.totpSetUpTitle')}>
              <TotpSetupForm
                onEnabled={(recoveryCodes) => {
                  setSetupOpen(false);
                  setCodes(recoveryCodes);
                }}
              />
            </Dialog>
          </Modal>
        </DialogTrigger>
      )}
      {codes && <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />}
    </Card>
  );
}
