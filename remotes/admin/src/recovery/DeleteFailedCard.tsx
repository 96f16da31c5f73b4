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
    failure: t('adminManage.deleteFailed'),
    fallback: t('admin.tryAgainLater'),
    onSuccess: (outcome) => {
      setResult(t('adminManage.deleteFailedResult', { deleted: outcome.deleted }));
      toast({ title: t('adminManage.failedImagesDeleted'), description: outcome.message, variant: 'success' });
    },
  });

  return (
    <ActionCard
      testId="recovery-delete"
      title={t('adminManage.deleteFailedTitle')}
      description={t('adminManage.deleteFailedDescription')}
      result={result}
      tone="danger"
    >
      <Button variant="danger" onPress={() => setConfirming(true)}>
        {t('adminManage.deleteFailedButton')}
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('adminManage.deleteFailedConfirmTitle')}
        message={t('adminManage.deleteFailedConfirmMessage')}
        confirmLabel={t('adminManage.deleteFailedButton')}
        onConfirm={() => remove.trigger()}
      />
    </ActionCard>
  );
}
