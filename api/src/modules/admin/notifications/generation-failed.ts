// Tells the operator about every failed generation, from the studio's "generation failed" event.
import type { AppServices } from '../../../http/context.ts';
import { operatorNotifier } from '../../billing/notifications/operator-notifier.ts';
import type { GenerationFailedEvent } from '../../studio/events.ts';

const OPERATIONS: Record<string, string> = { text_to_image: 'text-to-image', edit_image: 'edit', upscale: 'upscale' };

/**
 * Queues a `generation.failed` message with the user's name and the prompt (both escaped by the message
 * builder). Reads them with a fresh EntityManager; a failed read still notifies, with the ids only.
 */
export async function notifyGenerationFailed(
  services: Pick<AppServices, 'orm' | 'config' | 'logger'>,
  event: GenerationFailedEvent,
): Promise<void> {
  let username = event.userId;
  let prompt: string | null = null;
  try {
    const [row] = await services.orm.em
      .fork()
      .execute<{ username: string; prompt: string | null }[]>(
        'select u."username", t."prompt" from "users" u left join "image_tasks" t on t."id" = ? where u."id" = ?',
        [event.id, event.userId],
      );
    if (row) ({ username, prompt } = row);
  } catch (error) {
    services.logger.warn({ err: error, taskId: event.taskId }, 'could not read the failed task for its notification');
  }
  operatorNotifier(services).notify({
    type: 'generation.failed',
    username,
    taskId: event.taskId,
    operation: `${OPERATIONS[event.generationType] ?? event.generationType} (${event.createdVia})`,
    error: event.errorMessage,
    prompt,
    refundedCredits: event.refundedCredits,
  });
}
