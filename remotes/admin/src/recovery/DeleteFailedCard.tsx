import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, toast } from '@app/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { ActionCard } from './ActionCard.tsx';

/** Deletes every failed task and its stored files, after a confirmation. */
export function DeleteFailedCard() {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const remove = useMutation('delete', '/api/admin/delete-failed-videos', {
    failure: t('admin.deleteFailed'),
    fallback: t('admin.tryAgainLater'),
    onSuccess: (outcome) => {
      setResult(t('admin.deleteFailedResult', { deleted: outcome.deleted }));
      toast({ title: t('admin.failedImagesDeleted'), description: outcome.message, variant: 'success' });
    },
  });

  return (
    <ActionCard
      testId="recovery-delete"
      title={t('admin.deleteFailedTitle')}
      description={t('admin.deleteFailedDescription')}
      result={result}
      tone="danger"
    >
      <Button variant="danger" onPress={() => setConfirming(true)}>
        {t('admin.deleteFailedButton')}
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('admin.deleteFailedConfirmTitle')}
        message={t('admin.deleteFailedConfirmMessage')}
        confirmLabel={t('admin.deleteFailedButton')}
        onConfirm={() => remove.trigger()}
      />
    </ActionCard>
  );
}
