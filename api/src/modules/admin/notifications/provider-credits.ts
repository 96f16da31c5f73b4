// Tells the operator when a KIE account drops below the low-credit threshold (400), once per drop: only the
// change that crosses the line notifies, not every later task on an account that is already low.
import { LIMITS } from '@app/contract';
import type { AppServices } from '../../../http/context.ts';
import { notifyOperator } from '../../billing/index.ts';

/** Whether a balance change crosses the low-credit threshold downwards. */
export const crossedLowCredits = (before: number, after: number) =>
  before >= LIMITS.lowProviderCredits && after < LIMITS.lowProviderCredits;

/** Queues a `provider.low_credits` alert when `before -> after` crosses the threshold; never throws. */
export async function notifyIfLowCredits(
  services: Pick<AppServices, 'orm' | 'config' | 'logger'>,
  change: { accountName: string; before: number; after: number },
): Promise<void> {
  if (!crossedLowCredits(change.before, change.after)) return;
  await notifyOperator(services, {
    type: 'provider.low_credits',
    accountName: change.accountName,
    remainingCredits: change.after,
    threshold: LIMITS.lowProviderCredits,
  });
}
