import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createOrm, migrate, type Orm } from '../db/orm.ts';
import { entities } from '../modules/index.ts';
import { AdminSettings, AdminSettingsRepository, SETTINGS_ROW_ID } from '../modules/settings/index.ts';
import { encryptSecret, isEncryptedSecret, useSecretKey } from './secret-box.ts';

let database: TestDatabase;
let orm: Orm;

beforeAll(async () => {
  useSecretKey('k'.repeat(40));
  database = await createTestDatabase();
  orm = await createOrm(database.target, { entities });
  await migrate(orm);
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

const rawRow = async () =>
  (await orm.em.fork().execute<Record<string, string | null>[]>('select * from "admin_settings" where "id" = ?', [SETTINGS_ROW_ID]))[0] ??
  {};

describe('EncryptedText columns (admin settings secrets)', () => {
  it('store ciphertext and read back plaintext', async () => {
    const em = orm.em.fork();
    const settings = await new AdminSettingsRepository(em).get();
    settings.creemApiKey = 'creem_live_plaintext_4242';
    settings.telegramBotToken = '123456:TELEGRAM-plaintext';
    await em.flush();

    const raw = await rawRow();
    expect(JSON.stringify(raw)).not.toContain('plaintext');
    expect(isEncryptedSecret(String(raw.creem_api_key))).toBe(true);
    expect(raw.kie_token).toBeNull();

    const fresh = await new AdminSettingsRepository(orm.em.fork()).get();
    expect(fresh.creemApiKey).toBe('creem_live_plaintext_4242');
    expect(fresh.telegramBotToken).toBe('123456:TELEGRAM-plaintext');
  });

  it('do not rewrite an unchanged secret when another field is saved (random IVs compare by plaintext)', async () => {
    const before = (await rawRow()).creem_api_key;
    const em = orm.em.fork();
    const settings = await new AdminSettingsRepository(em).get();
    settings.startCredits = 7;
    await em.flush();
    const after = await rawRow();
    expect(after.start_credits).toBe(7);
    expect(after.creem_api_key).toBe(before);
  });

  it('read legacy plaintext as it is', async () => {
    await orm.em.fork().execute('update "admin_settings" set "google_client_secret" = ? where "id" = ?', ['legacy-plain', SETTINGS_ROW_ID]);
    const settings = await orm.em.fork().findOneOrFail(AdminSettings, { id: SETTINGS_ROW_ID });
    expect(settings.googleClientSecret).toBe('legacy-plain');
  });

  it('read a value that no longer decrypts (SECRET_KEY changed) as not set instead of failing', async () => {
    useSecretKey('other'.repeat(8));
    const foreign = encryptSecret('from another key');
    useSecretKey('k'.repeat(40));
    await orm.em.fork().execute('update "admin_settings" set "paypal_client_secret" = ? where "id" = ?', [foreign, SETTINGS_ROW_ID]);
    const settings = await orm.em.fork().findOneOrFail(AdminSettings, { id: SETTINGS_ROW_ID });
    expect(settings.paypalClientSecret).toBeNull();
    expect(settings.creemApiKey).toBe('creem_live_plaintext_4242');
  });

  it('store null as null', async () => {
    const em = orm.em.fork();
    const settings = await new AdminSettingsRepository(em).get();
    settings.creemApiKey = null;
    await em.flush();
    expect((await rawRow()).creem_api_key).toBeNull();
  });
});
