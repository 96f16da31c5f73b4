import type { components } from '@app/api-client';
import type { MessageKey } from '@app/i18n';
import { LANDING_PRICE_DEFAULTS, SETTINGS_DEFAULTS, USD_PER_CREDIT } from '../../contractConstants.ts';

type Pricing = components['schemas']['Pricing'];

export interface ServicePrice {
  id: 'text-to-image' | 'edit' | 'upscale';
  name: MessageKey;
  hint: MessageKey;
  /** API price: what the automation API (n8n) charges. */
  credits: number;
  /** Studio cost: what a task started in the web studio charges. */
  studioCredits: number;
  /** Display USD per image, e.g. "$0.025". */
  usd: string;
}

/** The spec's fixed display price for text-to-image and edit, in USD. */
const FIXED_USD = 0.025;

/** USD with 3 decimals; the page passes its own locale's format ("$0.025", "0,025 US$"). */
const englishUsd = (value: number) => `$${value.toFixed(3)}`;

/**
 * The landing table rows: API prices and studio costs once GET /api/pricing/current answered; until then the
 * spec's API defaults (5 / 5 / 2) and the settings' studio defaults. Upscale USD is credits x USD_PER_CREDIT
 * with 3 decimals.
 */
export function servicePrices(pricing: Pricing | undefined, usd: (value: number) => string = englishUsd): ServicePrice[] {
  const text = pricing?.nanoBananaApiPrice ?? LANDING_PRICE_DEFAULTS.textToImage;
  const edit = pricing?.nanoBananaEditApiPrice ?? LANDING_PRICE_DEFAULTS.edit;
  const upscale = pricing?.nanoBananaResizeCredits ?? LANDING_PRICE_DEFAULTS.upscale;
  const studio = {
    text: pricing?.nanoBananaCredits ?? SETTINGS_DEFAULTS.nanoBananaCredits,
    edit: pricing?.nanoBananaEditCredits ?? SETTINGS_DEFAULTS.nanoBananaEditCredits,
  };
  return [
    {
      id: 'text-to-image',
      name: 'landing.serviceTextToImage',
      hint: 'landing.serviceTextToImageHint',
      credits: text,
      studioCredits: studio.text,
      usd: usd(FIXED_USD),
    },
    {
      id: 'edit',
      name: 'landing.serviceEdit',
      hint: 'landing.serviceEditHint',
      credits: edit,
      studioCredits: studio.edit,
      usd: usd(FIXED_USD),
    },
    {
      id: 'upscale',
      name: 'landing.serviceUpscale',
      hint: 'landing.serviceUpscaleHint',
      credits: upscale,
      // One upscale price, in the studio and through the API.
      studioCredits: upscale,
      usd: usd(upscale * USD_PER_CREDIT),
    },
  ];
}
