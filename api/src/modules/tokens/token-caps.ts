// A token's spending caps, counted in the charge's own transaction: one conditional update decides, so two processes
// racing for the last credits of a cap cannot both pass it, and a refused call rolls its charge back.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { HttpProblem } from '../../errors.ts';

/** Today's credits of a row, as of the database's UTC day. */
const TODAY = `(case when "usage_day" = (now() at time zone 'utc')::date then "credits_today" else 0 end)`;

const capReached = (status: 402 | 429, detail: string, headers?: Record<string, string>) =>
  new HttpProblem({ status, code: 'token_cap_reached', title: 'Token spending cap reached', detail, retryable: status === 429, headers });

/** Seconds until the next UTC day begins. */
function secondsToNextUtcDay(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Counts a submitted task against its token: a call, and `credits` spent today and in all, unless that passes a cap;
 * then a problem is thrown (429 for the daily cap, until the day ends; 402 for the total) and the transaction's charge
 * goes with it. The task remembers its token, so a refund gives the credits back to the caps.
 */
export async function countTokenSpend(tx: SqlEntityManager, tokenId: string, taskRowId: string, credits: number): Promise<void> {
  const counted = await tx.execute<{ id: string }[]>(
    `update "api_tokens" set
       "credits_today" = ${TODAY} + ?, "usage_day" = (now() at time zone 'utc')::date,
       "credits_total" = "credits_total" + ?, "calls" = "calls" + 1
     where "id" = ?
       and ("daily_credit_cap" is null or ${TODAY} + ? <= "daily_credit_cap")
       and ("total_credit_cap" is null or "credits_total" + ? <= "total_credit_cap")
     returning "id"`,
    [credits, credits, tokenId, credits, credits],
  );
  if (counted.length > 0) {
    await tx.execute(`update "image_tasks" set "api_token_id" = ? where "id" = ?`, [tokenId, taskRowId]);
    return;
  }
  const [token] = await tx.execute<{ daily: number | null; total: number | null; today: number; spent: number }[]>(
    `select "daily_credit_cap" as "daily", "total_credit_cap" as "total", ${TODAY} as "today", "credits_total" as "spent"
       from "api_tokens" where "id" = ?`,
    [tokenId],
  );
  if (!token) return;
  if (token.total !== null && token.spent + credits > token.total) {
    throw capReached(402, `This token has spent ${token.spent} of its ${token.total} credits in all; this call costs ${credits}.`);
  }
  const wait = secondsToNextUtcDay();
  throw capReached(
    429,
    `This token has spent ${token.today} of its ${token.daily} credits for today (UTC); this call costs ${credits}. It may spend again in ${wait} s.`,
    { 'Retry-After': String(wait) },
  );
}

/** Gives a refunded task's credits back to the caps of the token that submitted it (today's, if it was today's). */
export async function returnTokenSpend(tx: SqlEntityManager, taskRowId: string, credits: number): Promise<void> {
  await tx.execute(
    `update "api_tokens" t set
       "credits_total" = greatest(t."credits_total" - ?, 0),
       "credits_today" = case when t."usage_day" = (i."created_at" at time zone 'utc')::date
                              then greatest(t."credits_today" - ?, 0) else t."credits_today" end
     from "image_tasks" i where i."id" = ? and t."id" = i."api_token_id"`,
    [credits, credits, taskRowId],
  );
}
