import { api, toMessage, unwrap } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Form, TextField, toast } from '@app/ui';
import { type FormEvent, useState } from 'react';
import { ActionCard } from './ActionCard.tsx';

/**
 * Refund a task: the spec's refund call has no button in the dashboard, so it gets this small
 * form. A refund happens once per task; a second one answers amount 0 with the server's reason.
 */
export function RefundCard() {
  const t = useT();
  const [taskId, setTaskId] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    try {
      const outcome = unwrap(await api.POST('/api/admin/refund/{taskId}', { params: { path: { taskId: taskId.trim() } } }));
      const description = outcome.amount > 0 ? t('admin.refundProcessedBody', { amount: outcome.amount }) : outcome.message;
      setResult(description);
      setTaskId('');
      toast({ title: t('admin.refundProcessed'), description, variant: outcome.amount > 0 ? 'success' : 'info' });
    } catch (err) {
      toast({ title: t('admin.refundFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <ActionCard testId="recovery-refund" title={t('admin.refundTitle')} description={t('admin.refundDescription')} result={result}>
      <Form onSubmit={submit} className="admin-refund-form">
        <TextField
          name="taskId"
          label={t('admin.refundTaskId')}
          placeholder="tsk_…"
          value={taskId}
          onChange={setTaskId}
          validate={(v) => (v.trim() ? null : t('admin.refundTaskIdRequired'))}
        />
        <Button type="submit" isPending={pending}>
          {t('admin.refundButton')}
        </Button>
      </Form>
    </ActionCard>
  );
}
