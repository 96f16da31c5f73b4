// The events of the live stream (`GET /api/events`): what each `data:` line holds, by event name.
import { Balance } from './common.ts';
import { ImageTask } from './studio.ts';
import { z } from './zod.ts';

/** Event names on the stream. `reset`: events were lost (too old to resume), refetch everything. */
export const LIVE_EVENT_NAMES = ['task', 'balance', 'reset'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** `event: task`: one of your tasks was created or changed (status, result, HD image, refund, star). */
export const LiveTaskEvent = ImageTask.pick({
  id: true,
  taskId: true,
  status: true,
  resultUrls: true,
  thumbnailUrl: true,
  hdImageUrl: true,
  errorMessage: true,
  failureCause: true,
  refunded: true,
  refundedAt: true,
  isFavourite: true,
  completedAt: true,
})
  .extend({
    revision: z.number().int().min(1).max(2_147_483_647).describe('Grows with every change of the task: apply an event only if newer.'),
  })
  .openapi('LiveTaskEvent');
export type LiveTaskEvent = z.infer<typeof LiveTaskEvent>;

/** `event: balance`: your credits changed. */
export const LiveBalanceEvent = z.object({ credits: Balance('Your balance now.', 40) }).openapi('LiveBalanceEvent');
export type LiveBalanceEvent = z.infer<typeof LiveBalanceEvent>;
