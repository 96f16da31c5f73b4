import type { AdminSettings as AdminSettingsDto, Pricing } from '@app/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../../test/fakes/telegram-server.ts';
import { isEncryptedSecret } from '../../../crypto/secret-box.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { encryptPlaintextSecrets } from '../secrets/encrypt-plaintext.ts';
import { type AdminKit, expectAdminOnly, pointersOf, startAdminKit } from '../testing.ts';

let kit: AdminKit;
let tg: FakeTelegram;
/** The server's log lines (JSON), to see what was recorded. */
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  tg = await startFakeTelegram();
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  kit = await startAdminKit({ config: { billing: { telegramBaseUrl: tg.url } }, seedSecrets: false, logger });
  kit.secrets.add(tg.botToken);
});
afterAll(async () => {
  await kit?.close();
  await tg?.close();
});

const SECRETS = {
  kieToken: 'kie_secret_token_AAAA1111',
  creemApiKey: 'creem_secret_key_BBBB2222',
  creemWebhookSecret: 'whsec_secret_CCCC3333',
  paypalClientSecret: 'paypal_secret_DDDD4444',
  googleClientSecret: 'GOCSPX-secret-EEEE5555',
};

const rawSettings = async () =>
  (await kit.server.orm.em.fork().execute<Record<string, unknown>[]>('select * from "admin_settings"'))[0] ?? {};
const storedSettings = () => new AdminSettingsRepository(kit.server.orm.em.fork()).get();

describe('admin settings routes', () => {
  it('are for admins only', async () => {
    await expectAdminOnly(kit, 'GET', '/api/admin/settings');
    await expectAdminOnly(kit, 'PUT', '/api/admin/settings', { startCredits: 5 });
    await expectAdminOnly(kit, 'PUT', '/api/admin/settings/telegram', { telegramChatId: tg.chatId });
    await expectAdminOnly(kit, 'POST', '/api/test-telegram', {});
    expect((await storedSettings()).startCredits).toBe(0);
  });

  it('GET answers the spec defaults with no secret set', async () => {
    const res = await kit.asAdmin<AdminSettingsDto>('GET', '/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      nanoBananaCredits: 2,
      nanoBananaEditCredits: 3,
      nanoBananaResizeCredits: 5,
      nanoBananaApiPrice: 4,
      nanoBananaEditApiPrice: 6,
      startCredits: 0,
      paypalEnvironment: 'sandbox',
      creemEnvironment: 'test',
      creemEnabled: false,
      kieTokenSet: false,
      kieTokenHint: null,
      telegramBotTokenSet: false,
    });
  });

  it('PUT stores every field, secrets encrypted at rest and answered only as set + hint', async () => {
    for (const secret of Object.values(SECRETS)) kit.secrets.add(secret);
    const res = await kit.asAdmin<AdminSettingsDto>('PUT', '/api/admin/settings', {
      body: {
        ...SECRETS,
        paypalClientId: 'paypal-client-id',
        paypalEnvironment: 'production',
        paypalEnabled: true,
        creemEnvironment: 'prod',
        creemEnabled: true,
        googleClientId: 'google-client-id',
        googleRedirectUri: 'https://studio.example.com/api/auth/google/callback',
        googleAuthEnabled: true,
        nanoBananaCredits: 1,
        nanoBananaEditCredits: 1000,
        nanoBananaResizeCredits: 7,
        nanoBananaApiPrice: 8,
        nanoBananaEditApiPrice: 9,
        startCredits: 1000,
        callbackUrl: 'https://studio.example.com',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kieTokenSet: true,
      kieTokenHint: '••••1111',
      creemApiKeySet: true,
      creemApiKeyHint: '••••2222',
      creemWebhookSecretHint: '••••3333',
      paypalClientSecretHint: '••••4444',
      googleClientSecretHint: '••••5555',
      paypalClientId: 'paypal-client-id',
      paypalEnvironment: 'production',
      creemEnvironment: 'prod',
      nanoBananaCredits: 1,
      nanoBananaEditCredits: 1000,
      startCredits: 1000,
      callbackUrl: 'https://studio.example.com',
    });

    const raw = await rawSettings();
    const rawText = JSON.stringify(raw);
    for (const secret of Object.values(SECRETS)) expect(rawText).not.toContain(secret);
    for (const column of ['kie_token', 'creem_api_key', 'creem_webhook_secret', 'paypal_client_secret', 'google_client_secret'])
      expect(isEncryptedSecret(String(raw[column]))).toBe(true);

    // Other modules read plaintext through the settings repository: card payment is now fully configured.
    expect((await storedSettings()).creemApiKey).toBe(SECRETS.creemApiKey);
    const pricing = await kit.server.request<Pricing>('GET', '/api/pricing/current');
    expect(pricing.body).toMatchObject({ creemEnabled: true, paypalEnabled: true, nanoBananaCredits: 1 });
  });

  it('a save without secrets (or with empty ones, or the GET answer sent back) keeps them', async () => {
    const before = await rawSettings();
    const current = (await kit.asAdmin<AdminSettingsDto>('GET', '/api/admin/settings')).body;
    const res = await kit.asAdmin<AdminSettingsDto>('PUT', '/api/admin/settings', {
      body: { ...current, startCredits: 3, kieToken: '', creemApiKey: '   ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ startCredits: 3, kieTokenSet: true, creemApiKeySet: true, googleClientSecretSet: true });
    const after = await rawSettings();
    expect(after.kie_token).toBe(before.kie_token);
    expect(after.creem_api_key).toBe(before.creem_api_key);
    expect((await storedSettings()).kieToken).toBe(SECRETS.kieToken);
  });

  it('null removes a secret and clears optional text; a new value replaces one', async () => {
    kit.secrets.add('replaced_kie_token_ZZZZ9999');
    const res = await kit.asAdmin<AdminSettingsDto>('PUT', '/api/admin/settings', {
      body: { googleClientSecret: null, googleClientId: null, callbackUrl: '', kieToken: 'replaced_kie_token_ZZZZ9999' },
    });
    expect(res.body).toMatchObject({
      googleClientSecretSet: false,
      googleClientSecretHint: null,
      googleClientId: null,
      callbackUrl: null,
      kieTokenHint: '••••9999',
    });
    const stored = await storedSettings();
    expect(stored.googleClientSecret).toBeNull();
    expect(stored.kieToken).toBe('replaced_kie_token_ZZZZ9999');
  });

  it('records every stored, replaced and removed secret with the admin, never the value', async () => {
    const from = logLines.length;
    await kit.asAdmin('PUT', '/api/admin/settings/telegram', { body: { telegramBotToken: tg.botToken } });
    await kit.asAdmin('PUT', '/api/admin/settings/telegram', { body: { telegramBotToken: null } });
    // Removing what is not stored is no change; blank keeps the stored value.
    await kit.asAdmin('PUT', '/api/admin/settings', { body: { googleClientSecret: null, creemApiKey: '' } });
    const recorded = logLines.slice(from).filter((line) => typeof line.secret === 'string');
    expect(recorded.map(({ secret, change, admin }) => ({ secret, change, admin }))).toEqual([
      { secret: 'telegramBotToken', change: 'stored', admin: kit.admin.username },
      { secret: 'telegramBotToken', change: 'removed', admin: kit.admin.username },
    ]);
    expect(recorded.every((line) => line.adminId === kit.admin.id && typeof line.reqId === 'string')).toBe(true);
    expect(JSON.stringify(logLines)).not.toContain(tg.botToken);
    expect((await storedSettings()).telegramBotToken).toBeNull();
  });

  it('refuses out-of-range and malformed values with a pointer per field, changing nothing', async () => {
    const res = await kit.asAdmin('PUT', '/api/admin/settings', {
      body: {
        nanoBananaCredits: 0,
        nanoBananaEditCredits: 1001,
        nanoBananaResizeCredits: 2.5,
        nanoBananaApiPrice: '4',
        startCredits: -1,
        paypalEnvironment: 'live',
        creemEnvironment: 'production',
        creemEnabled: 'yes',
        googleRedirectUri: 'not a url',
        callbackUrl: 'ftp://example.com',
        telegramChatId: 'not a chat',
      },
    });
    expect(pointersOf(res).sort()).toEqual(
      [
        '/body/callbackUrl',
        '/body/creemEnabled',
        '/body/creemEnvironment',
        '/body/googleRedirectUri',
        '/body/nanoBananaApiPrice',
        '/body/nanoBananaCredits',
        '/body/nanoBananaEditCredits',
        '/body/nanoBananaResizeCredits',
        '/body/paypalEnvironment',
        '/body/startCredits',
        '/body/telegramChatId',
      ].sort(),
    );
    expect((res.body as { errors: { pointer: string; detail: string }[] }).errors).toContainEqual({
      pointer: '/body/nanoBananaCredits',
      detail: 'Must be a whole number from 1 to 1000',
    });
    expect((await storedSettings()).startCredits).toBe(3);
  });

  it('encrypts plaintext secrets left from before (start-up step), and reads them meanwhile', async () => {
    await kit.server.orm.em.fork().execute('update "admin_settings" set "creem_webhook_secret" = ?', ['legacy_plain_webhook_secret']);
    kit.secrets.add('legacy_plain_webhook_secret');
    expect((await storedSettings()).creemWebhookSecret).toBe('legacy_plain_webhook_secret');
    expect(await encryptPlaintextSecrets(kit.server.orm.em.fork())).toBe(1);
    expect(await encryptPlaintextSecrets(kit.server.orm.em.fork())).toBe(0);
    expect(isEncryptedSecret(String((await rawSettings()).creem_webhook_secret))).toBe(true);
    expect((await storedSettings()).creemWebhookSecret).toBe('legacy_plain_webhook_secret');
  });
});

describe('telegram settings and test message', () => {
  it('the test answers 503 while the bot is not configured', async () => {
    const res = await kit.asAdmin<{ code: string }>('POST', '/api/test-telegram', { body: {} });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('telegram_not_configured');
  });

  it('PUT /settings/telegram stores the token encrypted and the chat id; bad chat ids are refused', async () => {
    const bad = await kit.asAdmin('PUT', '/api/admin/settings/telegram', { body: { telegramChatId: 'chat one' } });
    expect(pointersOf(bad)).toEqual(['/body/telegramChatId']);

    const res = await kit.asAdmin<AdminSettingsDto>('PUT', '/api/admin/settings/telegram', {
      body: { telegramBotToken: tg.botToken, telegramChatId: tg.chatId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ telegramBotTokenSet: true, telegramChatId: tg.chatId });
    expect(res.body.telegramBotTokenHint).toBe(`••••${tg.botToken.slice(-4)}`);
    expect(JSON.stringify(await rawSettings())).not.toContain(tg.botToken);
  });

  it('the test sends a real message through the adapter', async () => {
    const sent = tg.messages.length;
    const res = await kit.asAdmin<{ message: string }>('POST', '/api/test-telegram', { body: {} });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/sent/i);
    expect(tg.messages).toHaveLength(sent + 1);
    expect(tg.messages.at(-1)).toMatchObject({ chatId: tg.chatId });
    expect(tg.messages.at(-1)?.plainText).toMatch(/Test message/);
  });

  it("the test answers 502 with Telegram's reason (and no token) when Telegram refuses", async () => {
    await kit.asAdmin('PUT', '/api/admin/settings/telegram', { body: { telegramChatId: '42' } });
    const res = await kit.asAdmin<{ code: string; detail: string }>('POST', '/api/test-telegram', { body: {} });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('telegram_failed');
    expect(res.body.detail).toMatch(/chat not found/);

    kit.secrets.add('999999:WRONG-bot-token-value');
    await kit.asAdmin('PUT', '/api/admin/settings/telegram', {
      body: { telegramBotToken: '999999:WRONG-bot-token-value', telegramChatId: tg.chatId },
    });
    const unauthorized = await kit.asAdmin<{ code: string; detail: string }>('POST', '/api/test-telegram', { body: {} });
    expect(unauthorized.status).toBe(502);
    expect(unauthorized.body.detail).toMatch(/Unauthorized/);
  });
});
