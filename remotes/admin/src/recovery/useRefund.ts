import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';

interface RefundOutcome {
  amount: number;
  message: string;
}

/**
 * The refund call for both ways of picking a task. A refund that returned nothing (already refunded, or free) is
 * never announced as processed: `describeNothing` words it, from what the caller knows of the task.
 */
export function useRefund(describeNothing: (outcome: RefundOutcome, taskId: string) => { title: string; description: string }) {
  const t = useT();
  return useMutation('post', '/api/admin/refund/{taskId}', {
    failure: t('adminManage.refundFailed'),
    fallback: t('admin.tryAgainLater'),
    // The list shows each task's refund state; the users' balances change.
    invalidates: ['/api/admin/failed-tasks', '/api/admin/users'],
    onSuccess: (outcome, init) => {
      if (outcome.amount > 0) {
        toast({
          title: t('adminManage.refundProcessed'),
          description: t('adminManage.refundProcessedBody', { count: outcome.amount }),
          variant: 'success',
        });
      } else {
        toast({ ...describeNothing(outcome, init?.params.path.taskId ?? ''), variant: 'info' });
      }
    },
  });
}
