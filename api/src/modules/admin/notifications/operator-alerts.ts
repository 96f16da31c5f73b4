// The operator's Telegram alerts from the studio: every failed generation, and a KIE account dropping below
// the low-credit threshold. Sent in the background by the one app-wide notifier (billing's operator notifier);
// a Telegram failure is logged there and never reaches the task that caused it.
import type { AppServices } from '../../../http/context.ts';
import type { StudioEvents } from '../../studio/events.ts';
import { notifyGenerationFailed } from './generation-failed.ts';
import { notifyIfLowCredits } from './provider-credits.ts';

/** Subscribes the operator alerts to a studio's events; returns a function that unsubscribes them. */
export function wireOperatorAlerts(studio: { events: StudioEvents }, services: Pick<AppServices, 'orm' | 'config' | 'logger'>): () => void {
  const offFailed = studio.events.onGenerationFailed((event) => notifyGenerationFailed(services, event));
  const offUsage = studio.events.onProviderUsage((event) =>
    notifyIfLowCredits(services, { accountName: event.accountName, before: event.before, after: event.after }),
  );
  return () => {
    offFailed();
    offUsage();
  };
}
