// Why a task failed: English for the task's error and the ledger's description, and a cause a UI words in the
// reader's language (a refund's `cause` in its ledger event).

/** Our own reasons for failing a task; anything else is the provider's message, passed on as given. */
export const FAILURE_MESSAGES = {
  timed_out: 'The image took too long to generate and was cancelled.',
  no_provider: 'No image provider was available.',
  provider_lost: 'The image provider no longer knows this task.',
  failed: 'Generation failed.',
} as const;

type FailureCause = keyof typeof FAILURE_MESSAGES | 'provider';
type RefundCause = FailureCause | 'admin';

const ADMIN_REFUND = 'refunded by admin ';

/** The reason recorded when an admin refunds a task. */
export const adminRefundReason = (username: string) => `${ADMIN_REFUND}${username}`;

/** The cause of a failure, from its English message: one of ours, or the provider's own text. */
export function failureCause(message: string): FailureCause {
  return (
    (Object.keys(FAILURE_MESSAGES) as (keyof typeof FAILURE_MESSAGES)[]).find((key) => FAILURE_MESSAGES[key] === message) ?? 'provider'
  );
}

/** The cause of a refund, from its English reason (and the admin who gave it). */
export function refundCause(reason: string): { cause: RefundCause; admin?: string } {
  if (reason.startsWith(ADMIN_REFUND)) return { cause: 'admin', admin: reason.slice(ADMIN_REFUND.length) };
  return { cause: failureCause(reason) };
}
