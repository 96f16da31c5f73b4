import { useMutation, useSubmitOnce } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, toast } from '@app/ui';
import { useOutOfCredits } from '../session/useOutOfCredits.ts';
import type { ImageTask } from '../tasks/types.ts';

/**
 * Run again: the same request once more (prompt, references, ratio, size, format, seed), at today's price. One press
 * is one task: repeats while it runs are ignored, and the press's Idempotency-Key keeps a retried call from charging twice.
 */
export function RunAgainButton({ task, onStarted }: { task: ImageTask; onStarted: () => void }) {
  const t = useT();
  const once = useSubmitOnce();
  const run = useMutation('post', '/api/image-tasks/{taskId}/run-again', {
    failure: t('studio.generationFailed'),
    fallback: t('studio.genericError'),
    invalidates: ['/api/image-tasks', '/api/auth/current-user'],
    idempotent: true,
    onProblem: useOutOfCredits(),
    onSuccess: () => {
      toast({ title: t('studio.generationStarted'), description: t('studio.generationStartedBody'), variant: 'success' });
      onStarted();
    },
  });
  return (
    <Button
      variant="secondary"
      isPending={once.isBusy}
      onPress={() => once.run(() => run.trigger({ params: { path: { taskId: task.taskId } } }))}
    >
      {t('studio.runAgain')}
    </Button>
  );
}
