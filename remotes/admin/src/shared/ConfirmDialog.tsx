import { Dialog, Modal } from '@app/ui/dialog';
import { type ConfirmDialogProps, ConfirmDialogView } from './ConfirmDialogView.tsx';

/** Asks before something that cannot be undone (deleting a package, a user, failed images). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return <ConfirmDialogView kit={{ Dialog, Modal }} {...props} />;
}
