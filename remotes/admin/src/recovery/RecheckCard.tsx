import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, toast } from '@app/ui';
import { useState } from 'react';
import { ActionCard } from './ActionCard.tsx';

/** Asks the provider again about tasks that failed in the last 24 hours and completes the ones that finished. */
export function RecheckCard() {
  const t = useT();
  const [result, setResult] = useState<string | null>(null);
  const recheck = useMutation('post', '/api/admin/recheck-failed-videos', {
    failure: t('adminManage.recoveryFailed'),
    fallback: t('admin.tryAgainLater'),
    onSuccess: (outcome) => {
      setResult(t('adminManage.recheckResult', { checked: outcome.checked, recovered: outcome.recovered }));
      toast({ title: t('adminManage.recoveryCompleted'), description: outcome.message, variant: 'success' });
    },
  });

  return (
    <ActionCard
      testId="recovery-recheck"
      title={t('adminManage.recheckTitle')}
      description={t('adminManage.recheckDescription')}
      result={result}
    >
      <Button onPress={() => recheck.trigger()} isPending={recheck.pending}>
        {t('adminManage.recheckButton')}
      </Button>
    </ActionCard>
  );
}
