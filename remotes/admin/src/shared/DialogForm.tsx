import { useT } from '@app/i18n';
import { Button, Form } from '@app/ui';
import { Dialog } from '@app/ui/dialog';
import type { FormEvent, ReactNode } from 'react';
import './shared.css';

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

/** A dialog's form with Cancel and a submit button: closes once saved, or keeps the server's field errors next to the fields. */
export function DialogForm({ title, submitLabel, save, pending, fieldErrors, onClose, children }: DialogFormProps) {
  const t = useT();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await save()) onClose();
  };

  return (
    <Dialog title={title}>
      <Form onSubmit={submit} validationErrors={fieldErrors}>
        {children}
        <div className="admin-dialog-actions">
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" isPending={pending}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
