// Credit packages (spec 001 §7 "Packages"): the admin sees and edits every package, active or not.
import type { AdminCreditPackage, adminPackageRoutes } from '@app/contract';
import { LIMITS } from '@app/contract/constants';
import { invalidField, notFound } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import type { CreditPackage } from '../../billing/index.ts';
import { presentCreditPackage } from '../../billing/index.ts';
import { tooMany } from '../problems.ts';
import { createPackage, deletePackage, listAllPackages, updatePackage } from './packages.service.ts';

/** The public shape plus the Creem product id, which only admins see. */
export function presentAdminCreditPackage(pkg: CreditPackage): AdminCreditPackage {
  return { ...presentCreditPackage(pkg), creemProductId: pkg.creemProductId ?? null };
}

const packageNotFound = () => notFound('No such credit package.');

export const adminPackageHandlers = {
  async listAdminCreditPackages(ctx) {
    return { status: 200, body: (await listAllPackages(ctx.state.em)).map(presentAdminCreditPackage) };
  },

  async createCreditPackage(ctx, { body }) {
    const created = await createPackage(ctx.state.em, body);
    if (created === 'too_many') throw tooMany('too_many_packages', 'Too many packages', LIMITS.maxCreditPackages, 'credit packages');
    return { status: 201, body: presentAdminCreditPackage(created) };
  },

  async updateCreditPackage(ctx, { params, body }) {
    const result = await updatePackage(ctx.state.em, params.id, body);
    if (!result) throw packageNotFound();
    if (result === 'bonus_exceeds_credits') throw invalidField('bonus', 'Bonus cannot exceed credits');
    return { status: 200, body: presentAdminCreditPackage(result) };
  },

  async deleteCreditPackage(ctx, { params }) {
    const result = await deletePackage(ctx.state.em, params.id);
    if (!result) throw packageNotFound();
    return result === 'deleted'
      ? { status: 200, body: { message: 'Package deleted', deactivated: false } }
      : { status: 200, body: { message: 'Package is used by orders, so it was deactivated instead of deleted', deactivated: true } };
  },
} satisfies HandlersFor<typeof adminPackageRoutes>;
