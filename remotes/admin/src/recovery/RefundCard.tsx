import { useT } from '@app/i18n';
import { Button, Form, TextField } from '@app/ui';
import { type FormEvent, useState } from 'react';
import { ActionCard } from './ActionCard.tsx';
import { useRefund } from './useRefund.ts';

/**
 * Refund a task by id (any finished task; the failed ones are also listed with a button each). A refund happens
 * once per task; a second one answers amount 0 with the server's reason.
 */
export function RefundCard() {
  const t = useT();
  const [taskId, setTaskId] = useState('');
  const [result, setResult] = useState<string | null>(null);
  // By id the task may be free or already refunded: the server's answer says which.
  const refund = useRefund((outcome) => ({ title: t('adminManage.nothingRefunded'), description: outcome.message }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const done = await refund.trigger({ params: { path: { taskId: taskId.trim() } } });
    if (!done) return;
    setResult(done.data.amount > 0 ? t('adminManage.refundProcessedBody', { count: done.data.amount }) : done.data.message);
    setTaskId('');
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
