import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ApiToken } from '../../tokens/index.ts';
import { User } from '../../users/index.ts';

/**
 * Where a user's low-balance alert is sent (the threshold itself is on `users`, read by the charge's own UPDATE).
 * Signed with the chosen token's secret; deleting that token removes the callback, as it stops task callbacks.
 */
export const BalanceAlertCallback = defineEntity({
  name: 'BalanceAlertCallback',
  tableName: 'balance_alert_callbacks',
  properties: {
    user: p.oneToOne(User).primary().deleteRule('cascade'),
    apiToken: p.manyToOne(ApiToken).deleteRule('cascade').index(),
    url: p.string().length(2048),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type BalanceAlertCallback = InferEntity<typeof BalanceAlertCallback>;
