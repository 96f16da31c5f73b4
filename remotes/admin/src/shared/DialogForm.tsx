import { toFieldErrors, toMessage } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { FormDialog } from '@app/ui/dialog';
import { type ReactNode, useState } from 'react';

interface DialogFormProps {
  title: string;
  submitLabel: string;
  /** Sends the request (throwing on failure) and resolves to the success toast's description. */
  save: () => Promise<string>;
  savedTitle: string;
  failedTitle: string;
  /** Words a failure for the toast; the client's message unless a section needs its own. */
  describeError?: (error: unknown, fallback: string) => string;
  onSaved: () => void;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog's form with Cancel and a submit button: saves, toasts the outcome, and closes on success
 * or keeps the server's field errors next to the fields on failure.
 */
export function DialogForm({
  title,
  submitLabel,
  save,
  savedTitle,
  failedTitle,
  describeError = toMessage,
  onSaved,
  onClose,
  children,
}: DialogFormProps) {
  const t = useT();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const description = await save();
      toast({ title: savedTitle, description, variant: 'success' });
      onSaved();
      onClose();
    } catch (err) {
      setError(err);
      toast({ title: failedTitle, description: describeError(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      cancelLabel={t('admin.cancel')}
      pending={pending}
      validationErrors={toFieldErrors(error)}
      onSubmit={submit}
    >
      {children}
    </FormDialog>
  );
}
