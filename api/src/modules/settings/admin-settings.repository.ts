// Reads the single settings row.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { AdminSettings, SETTINGS_ROW_ID } from './admin-settings.entity.ts';

export class AdminSettingsRepository {
  readonly #em: SqlEntityManager;

  constructor(em: SqlEntityManager) {
    this.#em = em;
  }

  /** The settings row. The migration creates it; if it was deleted it comes back with the defaults. */
  async get(): Promise<AdminSettings> {
    const found = await this.#em.findOne(AdminSettings, { id: SETTINGS_ROW_ID });
    if (found) return found;
    // Concurrent callers may race here; `on conflict do nothing` makes that harmless.
    await this.#em.createQueryBuilder(AdminSettings).insert({ id: SETTINGS_ROW_ID }).onConflict('id').ignore().execute();
    return this.#em.findOneOrFail(AdminSettings, { id: SETTINGS_ROW_ID });
  }
}
