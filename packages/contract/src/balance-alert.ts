// The low-balance alert: a threshold the header warns below, and an optional signed callback told once per crossing.
import { Balance, Id } from './common.ts';
import { z } from './zod.ts';

/** Highest threshold a user may pick. */
export const LOW_BALANCE_THRESHOLD_MAX = 1_000_000;

const Threshold = z
  .number({ error: 'Threshold must be a whole number from 1 to 1,000,000, or null to turn the alert off' })
  .int('Threshold must be a whole number from 1 to 1,000,000, or null to turn the alert off')
  .min(1, 'Threshold must be a whole number from 1 to 1,000,000, or null to turn the alert off')
  .max(LOW_BALANCE_THRESHOLD_MAX, 'Threshold must be a whole number from 1 to 1,000,000, or null to turn the alert off')
  .nullable()
  .describe('Below this balance the header warns and the callback (if any) is told; null: off.')
  .openapi({ example: 50 });

const AlertUrl = z
  .url({ protocol: /^https?$/, error: 'Must be a valid http(s) address' })
  .max(2048)
  .nullable()
  .describe(
    'Public http(s) address that receives a signed `balance.low` POST each time the balance falls below the threshold; null: none. Private and loopback addresses are refused unless the operator allows their network.',
  )
  .openapi({ example: 'https://n8n.example.com/webhook/low-balance' });

const SigningTokenId = Id.nullable().describe(
  "Which of the user's API tokens signs the callback with its `whsec_` secret (Standard Webhooks); required with `callbackUrl`. Deleting the token removes the callback.",
);

export const BalanceAlert = z
  .object({
    threshold: Threshold,
    callbackUrl: AlertUrl,
    signingTokenId: SigningTokenId,
  })
  .openapi('BalanceAlert', { description: "The signed-in user's low-balance alert." });
export type BalanceAlert = z.infer<typeof BalanceAlert>;

export const BalanceAlertBody = BalanceAlert.superRefine((body, ctx) => {
  if (body.callbackUrl !== null && body.signingTokenId === null) {
    ctx.addIssue({ code: 'custom', path: ['signingTokenId'], message: 'Choose the API token whose secret signs the callback' });
  }
  if (body.callbackUrl !== null && body.threshold === null) {
    ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'A callback needs a threshold' });
  }
}).openapi('BalanceAlertBody', { description: 'The whole alert setting, replaced.' });

/** The body of a `balance.low` callback. */
export const BalanceLowEvent = z
  .object({
    event: z.literal('balance.low').describe('What happened.'),
    balance: Balance('The balance just after the change that crossed the threshold.', 8),
    threshold: Balance('The threshold it fell below.', 10),
    occurredAt: z.string().max(30).describe('When (ISO 8601).').openapi({ example: '2026-11-28T10:00:00.000Z' }),
    transactionId: Id.describe('The ledger transaction that crossed it; also the `webhook-id`.'),
  })
  .openapi('BalanceLowEvent', { description: 'Sent once each time the balance falls from the threshold or above to below it.' });
export type BalanceLowEvent = z.infer<typeof BalanceLowEvent>;
