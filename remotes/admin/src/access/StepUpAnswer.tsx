import { onStepUpRequired } from '@app/api-client';
import { lazy, Suspense, useEffect, useState } from 'react';

// The dialog's code (and the kit's dialog) comes only when a call first needs a confirmation.
const StepUpDialog = lazy(() => import('./StepUpPrompt.tsx').then((module) => ({ default: module.StepUpDialog })));

/**
 * The admin area's answer to 401 `step_up_required`: the API client holds the refused call (credits, refunds, roles,
 * payment and provider settings) while this asks the admin to confirm it is them, then sends it again.
 */
export function StepUpAnswer() {
  const [resolve, setResolve] = useState<((confirmed: boolean) => void) | null>(null);
  useEffect(() => onStepUpRequired(() => new Promise<boolean>((done) => setResolve(() => done))), []);
  if (!resolve) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        onDone={(confirmed) => {
          resolve(confirmed);
          setResolve(null);
        }}
      />
    </Suspense>
  );
}
