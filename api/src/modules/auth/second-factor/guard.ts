// The route guard of the second-factor rules (http/bind.ts runs it after the role check):
// - every admin route answers 403 `second_factor_required` to an admin without a second factor while the setting says so;
// - the calls that move money or power answer 401 `step_up_required` unless this session was checked in the last 10 minutes.
import { STEP_UP_OPERATIONS } from '@app/contract';
import type { RouteGuard } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { Session } from '../session/session.entity.ts';
import { hashSessionId } from '../session/session.service.ts';
import { readSessionCookie } from '../session/session-cookie.ts';
import { hasSecondFactor, secondFactorsOf } from './factors.service.ts';
import { adminsMustUseSecondFactor, stepUpUntil } from './policy.ts';
import { secondFactorRequired, stepUpRequired } from './problems.ts';

/** Decides at once, without a promise, for the routes neither rule covers (nearly every request). */
export const secondFactorGuard: RouteGuard = (ctx, route) => {
  const stepUp = STEP_UP_OPERATIONS.has(route.operationId);
  if (route.role !== 'admin' && !stepUp) return;
  const user = ctx.state.user;
  if (!user) return;
  return requireSecondFactorRules(ctx, route.role === 'admin' ? user.id : undefined, stepUp);
};

async function requireSecondFactorRules(ctx: AppContext, adminId: string | undefined, stepUp: boolean): Promise<void> {
  if (adminId) await requireAdminSecondFactor(ctx, adminId);
  if (stepUp) await requireRecentCheck(ctx);
}

async function requireAdminSecondFactor(ctx: AppContext, userId: string): Promise<void> {
  const { em } = ctx.state;
  if (!(await adminsMustUseSecondFactor(em, ctx.services.config)).value) return;
  if (!hasSecondFactor(await secondFactorsOf(em, userId))) throw secondFactorRequired();
}

async function requireRecentCheck(ctx: AppContext): Promise<void> {
  const sid = readSessionCookie(ctx);
  const session = sid ? await ctx.state.em.findOne(Session, { idHash: hashSessionId(sid) }, { fields: ['verifiedAt'] }) : null;
  if (!stepUpUntil(session?.verifiedAt)) throw stepUpRequired();
}
