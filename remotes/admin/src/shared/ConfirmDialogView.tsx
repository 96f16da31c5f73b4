import { useT } from '@app/i18n';
import { Button, type uiEntryLoaders } from '@app/ui';
import { useState } from 'react';
import './shared.css';

/** The kit's dialog widgets: imported where the page has them anyway, or fetched on the first press. */
export type DialogKit = Pick<Awaited<ReturnType<typeof uiEntryLoaders.dialog>>, 'Dialog' | 'Modal'>;

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  /** Defaults to the user-management "Cancel" (sections that load those messages). */
  cancelLabel?: string;
  /** Runs on confirm; the dialog stays open with a spinner until it settles, then closes. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before something that cannot be undone, drawn with the given dialog widgets. */
export function ConfirmDialogView({
  kit: { Dialog, Modal },
  isOpen,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
}: ConfirmDialogProps & { kit: DialogKit }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      onOpenChange(false);
    }
  };
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="sm" isDismissable={!pending}>
      <Dialog title={title} role="alertdialog">
        <p className="admin-confirm-message">{message}</p>
        <div className="ui-Dialog-actions">
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={pending}>
            {cancelLabel ?? t('adminManage.cancel')}
          </Button>
          <Button variant="danger" onPress={confirm} isPending={pending}>
            {confirmLabel}
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
