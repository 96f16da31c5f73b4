// What the studio reads of the admin settings on every submit and task step: the prices and the KIE callback address.
// Kept in memory while the database's notifications keep it current (kind `settings`), so a submit or a step does not
// read the settings row each time.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { NotifiedValue } from '../../db/notified-value.ts';
import { AdminSettingsRepository } from '../settings/index.ts';
import type { TaskPrices } from './tasks/cost.ts';

export interface StudioSettings {
  prices: TaskPrices;
  /** The admin's KIE callback address (or origin), if set. */
  callbackUrl: string | null;
}

export class StudioSettingsCache extends NotifiedValue<StudioSettings> {
  constructor() {
    super(['settings']);
  }

  /** The settings (from memory while notifications are heard, else read through `em`). */
  read(em: SqlEntityManager): Promise<StudioSettings> {
    return this.get(async () => {
      const settings = await new AdminSettingsRepository(em).get();
      return {
        prices: {
          nanoBananaCredits: settings.nanoBananaCredits,
          nanoBananaEditCredits: settings.nanoBananaEditCredits,
          nanoBananaResizeCredits: settings.nanoBananaResizeCredits,
          nanoBananaApiPrice: settings.nanoBananaApiPrice,
          nanoBananaEditApiPrice: settings.nanoBananaEditApiPrice,
        },
        callbackUrl: settings.callbackUrl ?? null,
      };
    });
  }
}
