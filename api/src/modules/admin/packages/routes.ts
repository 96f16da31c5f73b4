// Credit packages (spec 001 §7 "Packages"): the admin sees and edits every package, active or not.
import type { AdminCreditPackage, adminPackageRoutes } from '@app/contract';
import { LIMITS } from '@app/contract/constants';
import { invalidField, notFound } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import { changedFields } from '../../audit/index.ts';
import { CreditPackage, presentCreditPackage } from '../../billing/index.ts';
import { audited } from '../audited.ts';
import { tooMany } from '../problems.ts';
import { createPackage, deletePackage, listAllPackages, updatePackage } from './packages.service.ts';

/** The public shape plus the Creem product id, which only admins see. */
export function presentAdminCreditPackage(pkg: CreditPackage): AdminCreditPackage {
  return { ...presentCreditPackage(pkg), creemProductId: pkg.creemProductId ?? null };
}

/** What the audit log keeps of a package. */
const packageDetails = (pkg: CreditPackage) => ({
  id: pkg.id,
  name: pkg.name,
  credits: pkg.credits,
  bonus: pkg.bonus,
  price: String(pkg.price),
  isActive: pkg.isActive,
  creemProductId: pkg.creemProductId ?? null,
});

const packageNotFound = () => notFound('No such credit package.');

export const adminPackageHandlers = {
  async listAdminCreditPackages(ctx) {
    return { status: 200, body: (await listAllPackages(ctx.state.em)).map(presentAdminCreditPackage) };
  },

  async createCreditPackage(ctx, { body, caller }) {
    const created = await audited(
      ctx,
      caller,
      (tx) => createPackage(tx, body),
      (pkg) => (pkg === 'too_many' ? null : { action: 'package.created', details: packageDetails(pkg) }),
    );
    if (created === 'too_many') throw tooMany('too_many_packages', 'Too many packages', LIMITS.maxCreditPackages, 'credit packages');
    return { status: 201, body: presentAdminCreditPackage(created) };
  },

  async updateCreditPackage(ctx, { params, body, caller }) {
    let before: Record<string, string | number | boolean | null> = {};
    const result = await audited(
      ctx,
      caller,
      async (tx) => {
        const found = await tx.findOne(CreditPackage, { id: params.id });
        if (found) before = packageDetails(found);
        return updatePackage(tx, params.id, body);
      },
      (pkg) => (pkg && typeof pkg === 'object' ? { action: 'package.updated', details: changedFields(before, packageDetails(pkg)) } : null),
    );
    if (!result) throw packageNotFound();
    if (result === 'bonus_exceeds_credits') throw invalidField('bonus', 'Bonus cannot exceed credits');
    return { status: 200, body: presentAdminCreditPackage(result) };
  },

  async deleteCreditPackage(ctx, { params, caller }) {
    const result = await audited(
      ctx,
      caller,
      (tx) => deletePackage(tx, params.id),
      (outcome) => (outcome ? { action: 'package.deleted', details: { id: params.id, outcome } } : null),
    );
    if (!result) throw packageNotFound();
    return result === 'deleted'
      ? { status: 200, body: { message: 'Package deleted', deactivated: false } }
      : { status: 200, body: { message: 'Package is used by orders, so it was deactivated instead of deleted', deactivated: true } };
  },
} satisfies HandlersFor<typeof adminPackageRoutes>;
