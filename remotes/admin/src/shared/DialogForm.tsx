import { useT } from '@app/i18n';
import { FormDialog } from '@app/ui/dialog';
import type { ReactNode } from 'react';

interface DialogFormProps {
  title: string;
  submitLabel: string;
  /** Runs the dialog's mutation (which toasts the outcome); resolves to something once saved, else undefined. */
  save: () => Promise<unknown>;
  pending: boolean;
  /** The server's field messages from the last failed save. */
  fieldErrors: Record<string, string>;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}

/** The kit's form dialog with admin's Cancel label: closes once saved, or keeps the server's field errors next to the fields. */
export function DialogForm({ title, submitLabel, save, pending, fieldErrors, onClose, children }: DialogFormProps) {
  const t = useT();
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      cancelLabel={t('adminManage.cancel')}
      pending={pending}
      validationErrors={fieldErrors}
      onSubmit={async () => {
        if (await save()) onClose();
      }}
    >
      {children}
    </FormDialog>
  );
}
