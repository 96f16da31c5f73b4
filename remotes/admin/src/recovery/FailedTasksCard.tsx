import { useProblemMessage, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Badge, Button, Card, Spinner } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '@app/ui/table';
import { useState } from 'react';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import type { FailedTask } from './failedTaskTypes.ts';
import { useRefund } from './useRefund.ts';

const TYPE_KEYS = { text_to_image: 'admin.textToImage', edit_image: 'admin.editImage', upscale: 'admin.upscaleCost' } as const;

/** The newest failed tasks with their owner, reason and refund state; each unrefunded one can be refunded, after a confirmation. */
export function FailedTasksCard() {
  const t = useT();
  const problemMessage = useProblemMessage();
  const format = useFormat();
  const { data, error } = useQuery('/api/admin/failed-tasks');
  const [confirming, setConfirming] = useState<FailedTask | null>(null);
  // Only a task already refunded by someone else (or the pipeline) answers nothing: say so plainly.
  const refund = useRefund((_, task) => ({
    title: t('adminManage.alreadyRefunded'),
    description: t('adminManage.alreadyRefundedBody', { task }),
  }));
  const tasks = data?.data ?? [];

  return (
    <Card className="admin-failed-tasks" data-testid="recovery-failed-tasks">
      <h3>{t('adminManage.failedTasksTitle')}</h3>
      <p className="ui-muted">{t('adminManage.failedTasksDescription')}</p>
      {error && <p className="admin-empty">{problemMessage(error, t('admin.loadFailed'))}</p>}
      {!data && !error && <Spinner />}
      {data && (
        <>
          <div className="admin-card-table">
            <Table aria-label={t('adminManage.failedTasksTitle')}>
              <TableHeader>
                <Column>{t('adminManage.date')}</Column>
                <Column isRowHeader>{t('adminManage.user')}</Column>
                <Column>{t('adminManage.failedTask')}</Column>
                <Column>{t('adminManage.failedReason')}</Column>
                <Column>{t('adminManage.refundState')}</Column>
              </TableHeader>
              <TableBody items={tasks} renderEmptyState={() => <p className="admin-empty">{t('adminManage.failedTasksEmpty')}</p>}>
                {(task) => (
                  <Row id={task.id} data-testid="failed-task-row">
                    <Cell className="admin-failed-date">
                      <span className="admin-nowrap">{format.dateTime(task.createdAt)}</span>
                    </Cell>
                    <Cell className="admin-failed-user">
                      <strong>{task.username}</strong>
                    </Cell>
                    <Cell className="admin-failed-task" data-label={t('adminManage.failedTask')}>
                      <div>{t(TYPE_KEYS[task.generationType])}</div>
                      <code className="admin-cell-sub">{task.taskId}</code>
                    </Cell>
                    <Cell className="admin-failed-reason" data-label={t('adminManage.failedReason')}>
                      {task.errorMessage ?? t('adminManage.failedReasonUnknown')}
                    </Cell>
                    <Cell className="admin-failed-refund" data-label={t('adminManage.refundState')} data-testid="failed-task-refund">
                      <RefundState task={task} onRefund={() => setConfirming(task)} />
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
          <p className="ui-muted admin-failed-showing">{t('adminManage.failedTasksShowing', { shown: tasks.length, total: data.total })}</p>
        </>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('adminManage.refundConfirmTitle')}
        message={t('adminManage.refundConfirmMessage', {
          count: confirming?.creditsUsed ?? 0,
          task: confirming?.taskId ?? '',
          name: confirming?.username ?? '',
        })}
        confirmLabel={t('adminManage.refundButton')}
        onConfirm={() => (confirming ? refund.trigger({ params: { path: { taskId: confirming.taskId } } }) : Promise.resolve())}
      />
    </Card>
  );
}

function RefundState({ task, onRefund }: { task: FailedTask; onRefund: () => void }) {
  const t = useT();
  const format = useFormat();
  if (task.refunded) {
    const date = task.refundedAt ? format.date(task.refundedAt) : '';
    return <Badge variant="success">{t('adminManage.refundedOn', { date })}</Badge>;
  }
  if (task.creditsUsed === 0) return <span className="ui-muted">{t('adminManage.freeTask')}</span>;
  return (
    <div className="admin-failed-refund-action">
      <Badge variant="warning">{t('adminManage.notRefunded')}</Badge>
      <span className="admin-cell-sub">{t('adminManage.refundCredits', { count: task.creditsUsed })}</span>
      <Button
        size="sm"
        variant="secondary"
        onPress={onRefund}
        aria-label={t('adminManage.refundTaskNamed', { task: task.taskId, name: task.username })}
      >
        {t('adminManage.refundButton')}
      </Button>
    </div>
  );
}
