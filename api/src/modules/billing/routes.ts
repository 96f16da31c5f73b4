// Public pricing and the package list.
import type { getCurrentPricing, listCreditPackages } from '@app/contract';
import type { HandlersFor } from '../../http/bind.ts';
import { AdminSettingsRepository } from '../settings/admin-settings.repository.ts';
import { CreditPackageRepository } from './credit-package.repository.ts';
import { presentCreditPackage } from './presenter.ts';
import { currentPricing } from './pricing.service.ts';

export const catalogHandlers = {
  async getCurrentPricing(ctx) {
    const settings = await new AdminSettingsRepository(ctx.state.em).get();
    return { status: 200, body: currentPricing(settings, ctx.services.config) };
  },

  async listCreditPackages(ctx) {
    const packages = await new CreditPackageRepository(ctx.state.em).listActive();
    return { status: 200, body: packages.map(presentCreditPackage) };
  },
} satisfies HandlersFor<[typeof getCurrentPricing, typeof listCreditPackages]>;
