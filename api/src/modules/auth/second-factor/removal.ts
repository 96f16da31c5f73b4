// Removing a second factor (an authenticator app or a passkey): never an admin's last one while the setting requires
// one, and the recovery codes go with the last.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { conflict } from '../../../errors.ts';
import type { AppContext } from '../../../http/context.ts';
import { User } from '../../users/index.ts';
import { hasSecondFactor, secondFactorsOf } from './factors.service.ts';
import { adminsMustUseSecondFactor } from './policy.ts';
import { dropRecoveryCodes } from './recovery-codes.ts';

/** Call in the removal's transaction, after the removal: refuses (409, rolled back) or tidies up. */
export async function afterFactorRemoved(ctx: AppContext, tx: SqlEntityManager, userId: string, what: string): Promise<void> {
  if (hasSecondFactor(await secondFactorsOf(tx, userId))) return;
  const user = await tx.findOne(User, { id: userId });
  if (user?.isAdmin && (await adminsMustUseSecondFactor(tx, ctx.services.config)).value)
    throw conflict(`Admins must keep a second factor. Add another one before removing ${what}.`);
  await dropRecoveryCodes(tx, userId);
}
