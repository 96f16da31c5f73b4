// Tokens to the contract's wire shapes: masked always, full only in the creation answer.
import type { ApiToken as ApiTokenDto } from '@app/contract';
import type { ApiToken } from './api-token.entity.ts';

/** `nbk_••••••••a1b2`: enough to recognise a token, useless to use it. */
export function maskToken(record: Pick<ApiToken, 'prefix' | 'last4'>): string {
  return `${record.prefix}${'•'.repeat(8)}${record.last4}`;
}

/** Today in UTC as `YYYY-MM-DD`, the form a date column reads as. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/** A token as listed. */
export function presentApiToken(record: ApiToken): ApiTokenDto {
  return {
    id: record.id,
    name: record.name,
    maskedToken: maskToken(record),
    isActive: record.isActive,
    createdAt: record.createdAt.toISOString(),
    lastUsed: record.lastUsed?.toISOString() ?? null,
    dailyCreditCap: record.dailyCreditCap ?? null,
    totalCreditCap: record.totalCreditCap ?? null,
    usage: {
      calls: record.calls,
      // Counted for the UTC day it names: another day's count is no longer today's.
      creditsToday: record.usageDay === utcToday() ? record.creditsToday : 0,
      creditsTotal: record.creditsTotal,
    },
  };
}
