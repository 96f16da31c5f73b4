// The second-factor rules of this app: admins must have one (a setting, on by default in production), and the
// calls that move money or power need a check of the session within the last 10 minutes.
import { STEP_UP_MINUTES } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Config } from '../../../config.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';

export const STEP_UP_MS = STEP_UP_MINUTES * 60_000;

/** Whether admins must have a second factor: the admin setting, or by default whether this is production. */
export async function adminsMustUseSecondFactor(
  em: SqlEntityManager,
  config: Pick<Config, 'isProduction'>,
): Promise<{ value: boolean; isDefault: boolean }> {
  const stored = (await new AdminSettingsRepository(em).get()).adminsRequireSecondFactor;
  return stored === null || stored === undefined ? { value: config.isProduction, isDefault: true } : { value: stored, isDefault: false };
}

/** Until when a session checked at `verifiedAt` may make step-up calls (null: it needs a check now). */
export function stepUpUntil(verifiedAt: Date | null | undefined, now = Date.now()): Date | null {
  if (!verifiedAt) return null;
  const until = verifiedAt.getTime() + STEP_UP_MS;
  return until > now ? new Date(until) : null;
}
