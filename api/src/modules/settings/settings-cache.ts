// The admin settings row, kept in memory while the database's notifications keep it current (kind `settings`): the
// public pricing and every studio submit and task step read it from here instead of from the database each time.
// One cache per process, shared by every reader, so one notification renews what they all see.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { NotifiedValue } from '../../db/notified-value.ts';
import type { AdminSettings } from './admin-settings.entity.ts';
import { AdminSettingsRepository } from './admin-settings.repository.ts';

/** A copy of the row detached from the EntityManager that read it (a kept entity would keep that whole fork alive). */
export type SettingsSnapshot = Readonly<AdminSettings>;

declare module '../../http/context.ts' {
  interface AppServices {
    /** The admin settings row, read again when an admin changes it (kept only while a server listens). */
    settings: SettingsCache;
  }
}

export class SettingsCache extends NotifiedValue<SettingsSnapshot> {
  constructor() {
    super(['settings']);
  }

  /**
   * The settings (from memory while notifications are heard, else read through `em`); never change the result. `em`
   * may be a function giving one, asked only when the row is read: a request's own fork is then never made for a
   * kept row.
   */
  read(em: SqlEntityManager | (() => SqlEntityManager)): Promise<SettingsSnapshot> {
    return this.get(async () => {
      const row = await new AdminSettingsRepository(typeof em === 'function' ? em() : em).get();
      return Object.freeze({ ...row });
    });
  }
}
