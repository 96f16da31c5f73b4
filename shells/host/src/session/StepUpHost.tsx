import { onStepUpRequired } from '@app/api-client';
import { lazy, Suspense, useEffect, useState } from 'react';

// Its code and messages come only when a call first needs a confirmation.
const StepUpDialog = lazy(() => import('./StepUpDialog.tsx').then((module) => ({ default: module.StepUpDialog })));

/**
 * Answers 401 `step_up_required` for the host and every remote: the API client holds the refused call while this asks
 * the person to confirm it is them, then sends it again (or gives the page the 401 when they cancel).
 */
export function StepUpHost() {
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
