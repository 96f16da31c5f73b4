// Tells the operator about every failed generation: queued by the transaction that fails and refunds the task.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { queueOperatorAlert } from '../../billing/index.ts';
import { ImageTaskRepository, type TaskTransition } from '../../studio/index.ts';

const OPERATIONS: Record<string, string> = { text_to_image: 'text-to-image', edit_image: 'edit', upscale: 'upscale' };

/**
 * A task transition hook: on `failed`, queues a `generation.failed` alert with the user's name and the prompt
 * (both escaped by the message builder) in the transition's own transaction.
 */
export async function queueGenerationFailed(tx: SqlEntityManager, transition: TaskTransition): Promise<void> {
  if (transition.event !== 'failed') return;
  const row = await new ImageTaskRepository(tx).findAlertDetails(transition.id);
  if (!row) return;
  await queueOperatorAlert(tx, {
    type: 'generation.failed',
    username: row.username,
    taskId: row.task_id,
    operation: `${OPERATIONS[row.generation_type] ?? row.generation_type} (${row.created_via})`,
    error: transition.message ?? row.error_message ?? '',
    prompt: row.prompt,
    refundedCredits: transition.refunded ?? 0,
  });
}
