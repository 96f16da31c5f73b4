// An admin change and its audit entry in one transaction: both are committed, or neither.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AppContext } from '../../http/context.ts';
import type { Admin } from '../../http/roles.ts';
import { type AuditEntry, acting, recordAudit } from '../audit/index.ts';

/** Runs `change` in a transaction and, when `entry` makes one of its result, writes that entry in it. */
export function audited<T>(
  ctx: AppContext,
  caller: Admin,
  change: (tx: SqlEntityManager) => Promise<T>,
  entry: (result: T) => Omit<AuditEntry, 'by'> | null,
): Promise<T> {
  return ctx.state.em.transactional(async (tx) => {
    const result = await change(tx);
    const made = entry(result);
    if (made) await recordAudit(tx, { ...made, by: acting(ctx, caller) });
    return result;
  });
}
