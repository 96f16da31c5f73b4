// Public pricing and the package list.
import type { getCurrentPricing, listCreditPackages, Pricing } from '@app/contract';
import { type HandlersFor, serializedJson } from '../../http/bind.ts';
import { KeptJson } from '../../http/kept-json.ts';
import type { SettingsSnapshot } from '../settings/index.ts';
import { CreditPackageRepository } from './credit-package.repository.ts';
import { presentCreditPackage } from './presenter.ts';
import { currentPricing } from './pricing.service.ts';

/**
 * The pricing JSON of each settings snapshot (and its compressed forms once sent so): the kept snapshot is answered
 * many times between settings changes. The config it also depends on is the process's, fixed for its life.
 */
const pricingJson = new WeakMap<SettingsSnapshot, KeptJson>();

function jsonOf(settings: SettingsSnapshot, config: Parameters<typeof currentPricing>[1]): KeptJson {
  let json = pricingJson.get(settings);
  if (json === undefined) {
    json = new KeptJson(JSON.stringify(currentPricing(settings, config)));
    pricingJson.set(settings, json);
  }
  return json;
}

export const catalogHandlers = {
  async getCurrentPricing(ctx) {
    const settings = await ctx.services.settings.read(() => ctx.state.em);
    return { status: 200, body: serializedJson<Pricing>(jsonOf(settings, ctx.services.config)) };
  },

  async listCreditPackages(ctx) {
    const packages = await new CreditPackageRepository(ctx.state.em).listActive();
    return { status: 200, body: packages.map(presentCreditPackage) };
  },
} satisfies HandlersFor<[typeof getCurrentPricing, typeof listCreditPackages]>;
