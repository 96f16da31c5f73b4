import { useMutation } from '@app/api-client';
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
  const [result, setResult] = useState<string | null>(null);
  const refund = useMutation('post', '/api/admin/refund/{taskId}', {
    failure: t('adminManage.refundFailed'),
    fallback: t('admin.tryAgainLater'),
    onSuccess: (outcome) => {
      const description = outcome.amount > 0 ? t('adminManage.refundProcessedBody', { count: outcome.amount }) : outcome.message;
      setResult(description);
      setTaskId('');
      toast({ title: t('adminManage.refundProcessed'), description, variant: outcome.amount > 0 ? 'success' : 'info' });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void refund.trigger({ params: { path: { taskId: taskId.trim() } } });
  };

  return (
    <ActionCard
      testId="recovery-refund"
      title={t('adminManage.refundTitle')}
      description={t('adminManage.refundDescription')}
      result={result}
    >
      <Form onSubmit={submit} className="admin-refund-form">
        <TextField
          name="taskId"
          label={t('adminManage.refundTaskId')}
          placeholder="tsk_…"
          value={taskId}
          onChange={setTaskId}
          validate={(v) => (v.trim() ? null : t('adminManage.refundTaskIdRequired'))}
        />
        <Button type="submit" isPending={refund.pending}>
          {t('adminManage.refundButton')}
        </Button>
      </Form>
    </ActionCard>
  );
}
