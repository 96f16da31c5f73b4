import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createOrm, migrate, type Orm } from '../db/orm.ts';
import { entities } from './index.ts';
import { AdminSettings } from './settings/index.ts';

describe('committed migrations', () => {
  let database: TestDatabase;
  let orm: Orm;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await createOrm(database.target, { entities });
  });
  afterAll(async () => {
    await orm?.close(true);
    await database?.drop();
  });

  it('apply cleanly to an empty database, and a second run applies nothing', async () => {
    expect((await migrate(orm)).length).toBeGreaterThan(0);
    expect(await migrate(orm)).toEqual([]);
  });

  it('produce exactly the schema the entities describe', async () => {
    const drift = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(drift.trim()).toBe('');
  });

  it('match the committed snapshot (run api/scripts/migration-create.ts after changing an entity)', async () => {
    expect(await orm.migrator.checkSchema()).toBe(false);
  });

  it('create the single settings row with the spec defaults', async () => {
    const rows = await orm.em.fork().find(AdminSettings, {});
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 1,
      paypalEnvironment: 'sandbox',
      creemEnvironment: 'test',
      creemEnabled: false,
      paypalEnabled: false,
      googleAuthEnabled: false,
      nanoBananaCredits: 2,
      nanoBananaEditCredits: 3,
      nanoBananaResizeCredits: 5,
      nanoBananaApiPrice: 4,
      nanoBananaEditApiPrice: 6,
      startCredits: 0,
      kieToken: null,
    });
  });

  it('refuse a second settings row', async () => {
    await expect(orm.em.fork().execute('insert into "admin_settings" ("id") values (2)')).rejects.toThrow(/admin_settings_id_check/);
  });
});
