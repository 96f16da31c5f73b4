// Public pricing and the package list.
import type { getCurrentPricing, listCreditPackages, Pricing } from '@app/contract';
import type { NotifiedValue } from '../../db/notified-value.ts';
import { type HandlersFor, serializedJson } from '../../http/bind.ts';
import { KeptJson } from '../../http/kept-json.ts';
import { AdminSettingsRepository } from '../settings/index.ts';
import { CreditPackageRepository } from './credit-package.repository.ts';
import { presentCreditPackage } from './presenter.ts';
import { currentPricing } from './pricing.service.ts';

declare module '../../http/context.ts' {
  interface AppServices {
    /** The public pricing, read again when the admin settings change (kept only while a server listens). */
    pricing?: NotifiedValue<Pricing>;
  }
}

/**
 * The JSON of each pricing value handed out (and its compressed forms once sent so): the kept value is answered many
 * times between settings changes.
 */
const pricingJson = new WeakMap<Pricing, KeptJson>();

function jsonOf(pricing: Pricing): KeptJson {
  let json = pricingJson.get(pricing);
  if (json === undefined) {
    json = new KeptJson(JSON.stringify(pricing));
    pricingJson.set(pricing, json);
  }
  return json;
}

export const catalogHandlers = {
  async getCurrentPricing(ctx) {
    const read = async () => currentPricing(await new AdminSettingsRepository(ctx.state.em).get(), ctx.services.config);
    const pricing = await (ctx.services.pricing?.get(read) ?? read());
    return { status: 200, body: serializedJson<Pricing>(jsonOf(pricing)) };
  },

  async listCreditPackages(ctx) {
    const packages = await new CreditPackageRepository(ctx.state.em).listActive();
    return { status: 200, body: packages.map(presentCreditPackage) };
  },
} satisfies HandlersFor<[typeof getCurrentPricing, typeof listCreditPackages]>;
