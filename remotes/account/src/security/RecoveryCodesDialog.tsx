import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import { Dialog, Modal } from '@app/ui/dialog';
import { CopyButton } from '../shared/CopyButton.tsx';

/** The recovery codes, shown this once. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const t = useT();
  return (
    <Modal size="sm" isOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog title={t('security.recoveryTitle')} isDismissable={false}>
        <p>{t('security.recoveryBody')}</p>
        <ul className="security-codes" data-testid="recovery-codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <div className="ui-Dialog-actions">
          <CopyButton text={codes.join('\n')} />
          <Button onPress={onClose}>{t('security.recoverySaved')}</Button>
        </div>
      </Dialog>
    </Modal>
  );
}
