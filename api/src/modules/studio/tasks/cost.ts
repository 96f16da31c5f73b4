// What a task costs the user, from the admin settings. The studio and the automation API have their own prices.
import type { AdminSettings } from '../../settings/index.ts';

export type TaskKind = 'text_to_image' | 'edit_image' | 'upscale';

/** `studio`: the web prices; `api`: the automation API prices (upscale costs the same everywhere). */
export type PriceList = 'studio' | 'api';

export type TaskPrices = Pick<
  AdminSettings,
  'nanoBananaCredits' | 'nanoBananaEditCredits' | 'nanoBananaResizeCredits' | 'nanoBananaApiPrice' | 'nanoBananaEditApiPrice'
>;

/** Credits one task of this kind costs under a price list. */
export function taskCost(settings: TaskPrices, kind: TaskKind, priceList: PriceList): number {
  if (kind === 'upscale') return settings.nanoBananaResizeCredits;
  if (priceList === 'api') return kind === 'edit_image' ? settings.nanoBananaEditApiPrice : settings.nanoBananaApiPrice;
  return kind === 'edit_image' ? settings.nanoBananaEditCredits : settings.nanoBananaCredits;
}
