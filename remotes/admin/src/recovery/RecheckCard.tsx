import { api, toMessage, unwrap } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, toast } from '@app/ui';
import { useState } from 'react';
import { ActionCard } from './ActionCard.tsx';

/** Asks the provider again about tasks that failed in the last 24 hours and completes the ones that finished. */
export function RecheckCard() {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const run = async () => {
    setPending(true);
    try {
      const outcome = unwrap(await api.POST('/api/admin/recheck-failed-videos'));
      setResult(t('admin.recheckResult', { checked: outcome.checked, recovered: outcome.recovered }));
      toast({ title: t('admin.recoveryCompleted'), description: outcome.message, variant: 'success' });
    } catch (err) {
      toast({ title: t('admin.recoveryFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <ActionCard testId="recovery-recheck" title={t('admin.recheckTitle')} description={t('admin.recheckDescription')} result={result}>
      <Button onPress={run} isPending={pending}>
        {t('admin.recheckButton')}
      </Button>
    </ActionCard>
  );
}
