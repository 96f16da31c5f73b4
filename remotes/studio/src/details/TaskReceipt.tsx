import { type MessageKey, useT } from '@app/i18n';
import { useFormat } from '@app/ui/format';
import type { ImageTask } from '../tasks/types.ts';

/** The failure in the reader's language: our own causes worded, a provider's message as it gave it. */
export function failureText(task: ImageTask, t: (key: MessageKey) => string): string | null {
  if (!task.failureCause || task.failureCause === 'provider') return task.errorMessage;
  return t(`studio.failureCause_${task.failureCause}`);
}

/** What the task cost and what became of the credits: charged, refunded (when, why), or delivered free after a refund. */
export function TaskReceipt({ task }: { task: ImageTask }) {
  const t = useT();
  const format = useFormat();
  const lines: [string, string][] = [
    [
      'charged',
      task.creditsUsed > 0
        ? t('studio.receiptCharged', { count: task.creditsUsed, credits: format.number(task.creditsUsed) })
        : t('studio.receiptFree'),
    ],
  ];
  if (task.refunded && task.creditsUsed > 0) {
    const when = task.refundedAt ? format.dateTime(task.refundedAt) : '';
    lines.push(['refunded', t('studio.receiptRefunded', { count: task.creditsUsed, credits: format.number(task.creditsUsed), when })]);
    // A refunded task that still completed was delivered by a late check or an admin's recovery: it cost nothing.
    if (task.status === 'completed') lines.push(['free', t('studio.receiptDeliveredFree')]);
    else if (task.status === 'failed') lines.push(['why', failureText(task, t) ?? '']);
  }
  return (
    <section className="studio-details-section" data-testid="task-receipt">
      <h3>{t('studio.receiptHeading')}</h3>
      <ul className="studio-details-receipt">
        {lines
          .filter(([, text]) => text)
          .map(([key, text]) => (
            <li key={key} data-receipt={key}>
              {text}
            </li>
          ))}
      </ul>
    </section>
  );
}
