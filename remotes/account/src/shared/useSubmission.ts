import { toFieldErrors } from '@app/api-client';
import { type MessageKey, useT } from '@app/i18n';
import { useState } from 'react';
import { toastFailure } from './toastFailure.ts';

/**
 * Runs a form's server call: pending while it runs, and on failure a toast titled `failedTitle` plus the
 * server's field errors for the form's `validationErrors`. Pending stays on after success: the form goes away.
 */
export function useSubmission(call: () => Promise<void>, failedTitle: MessageKey) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(failure);
      setPending(false);
      toastFailure(t, failedTitle, failure);
    }
  };

  return { pending, fieldErrors: toFieldErrors(error), submit };
}
