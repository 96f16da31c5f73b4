// The operator's Telegram alerts from the studio: every failed generation (queued in the transaction that
// fails and refunds the task), and a KIE account dropping below the low-credit threshold. Both are pg-boss
// jobs of billing's operator channel; a Telegram failure is retried there and never reaches the task.
import type { AppServices } from '../../../http/context.ts';
import type { AfterTransition, StudioEvents } from '../../studio/index.ts';
import { queueGenerationFailed } from './generation-failed.ts';
import { notifyIfLowCredits } from './provider-credits.ts';

/** Adds the operator alerts to a studio's transitions and events; returns a function that unsubscribes the events. */
export function wireOperatorAlerts(
  studio: { events: StudioEvents; onTransition(hook: AfterTransition): void },
  services: Pick<AppServices, 'orm' | 'config' | 'logger'>,
): () => void {
  studio.onTransition(queueGenerationFailed);
  return studio.events.onProviderUsage((event) =>
    notifyIfLowCredits(services, { accountName: event.accountName, before: event.before, after: event.after }),
  );
}
