import { Modal } from '@app/ui/dialog';
import type { ComponentType } from 'react';

/** What a section passes to the dialog that adds or edits one of its records. */
export interface EditDialogProps<T> {
  /** The record being edited, or null to add one. */
  item: T | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What the dialog hands its form. */
export interface EditFormProps<T> {
  item: T | null;
  onClose: () => void;
}

interface EditDialogShellProps<T> extends EditDialogProps<T> {
  form: ComponentType<EditFormProps<T>>;
}

/** The modal around an add/edit form. */
export function EditDialog<T extends { id: string | number }>({ item, isOpen, onOpenChange, form: RecordForm }: EditDialogShellProps<T>) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      {/* Keyed by record so reopening the dialog starts from that record's stored values. */}
      <RecordForm key={item?.id ?? 'new'} item={item} onClose={() => onOpenChange(false)} />
    </Modal>
  );
}
