import type { KieApiAccount } from '@app/contract';
import { LIMITS } from '@app/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { type FakeTelegram, startFakeTelegram } from '../../../../test/fakes/telegram-server.ts';
import { loadConfig } from '../../../config.ts';
import { isEncryptedSecret } from '../../../crypto/secret-box.ts';
import { KieApi, KieApiRepository } from '../../kie-accounts/index.ts';
import { encryptPlaintextSecrets } from '../secrets/encrypt-plaintext.ts';
import { type AdminKit, expectAdminOnly, pointersOf, startAdminKit } from '../testing.ts';

const TOKEN = 'kie_token_main_0000aaaa';
const LOW = 'kie_token_low_1111bbbb';
const REVOKED = 'kie_token_revoked_2222cccc';

let kit: AdminKit;
let kie: FakeKieServer;
let tg: FakeTelegram;

beforeAll(async () => {
  kie = await startFakeKieServer({ accounts: { [TOKEN]: { credits: 1234 }, [LOW]: { credits: 120 } } });
  tg = await startFakeTelegram();
  const base = loadConfig({ NODE_ENV: 'test' }).studio.kie;
  kit = await startAdminKit({ studio: { kie: { ...base, baseUrl: kie.url } }, config: { billing: { telegramBaseUrl: tg.url } } });
  for (const secret of [TOKEN, LOW, REVOKED]) kit.secrets.add(secret);
});
afterAll(async () => {
  await kit?.close();
  await kie?.close();
  await tg?.close();
});

const someId = '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10';
const stored = (id: string) => kit.server.orm.em.fork().findOneOrFail(KieApi, { id });

async function add(body: Record<string, unknown>): Promise<KieApiAccount> {
  const res = await kit.asAdmin<KieApiAccount>('POST', '/api/admin/kie-apis', { body });
  expect(res.status).toBe(201);
  return res.body;
}

describe('admin KIE accounts', () => {
  it('are for admins only', async () => {
    await expectAdminOnly(kit, 'GET', '/api/admin/kie-apis');
    await expectAdminOnly(kit, 'POST', '/api/admin/kie-apis', { name: 'x', token: 'kie_anything_12345678' });
    await expectAdminOnly(kit, 'PUT', `/api/admin/kie-apis/${someId}`, { name: 'x' });
    await expectAdminOnly(kit, 'DELETE', `/api/admin/kie-apis/${someId}`);
    await expectAdminOnly(kit, 'POST', `/api/admin/kie-apis/${someId}/refresh-credits`);
    expect(await kit.server.orm.em.fork().count(KieApi)).toBe(0);
  });

  it('create applies the spec defaults, stores the token encrypted and answers only a hint', async () => {
    const api = await add({ name: 'Main', token: TOKEN });
    expect(api).toMatchObject({
      name: 'Main',
      tokenHint: '••••aaaa',
      totalCredits: 1000,
      nanoBananaCredits: 500,
      nanoBananaEditCredits: 300,
      isEnabled: true,
      status: 'available',
      totalUsage: 0,
      lastUsed: null,
    });
    const [raw] = await kit.server.orm.em
      .fork()
      .execute<{ token: string; token_hash: string }[]>('select "token", "token_hash" from "kie_apis"');
    expect(JSON.stringify(raw)).not.toContain(TOKEN);
    expect(isEncryptedSecret(raw?.token ?? '')).toBe(true);
    // The studio reads the plaintext through its repository, for the provider calls.
    const [account] = await new KieApiRepository(kit.server.orm.em.fork()).listEnabled();
    expect(account?.token).toBe(TOKEN);
  });

  it('encrypts a token stored in plaintext before encryption existed (start-up step); its digest still matches', async () => {
    const api = await add({ name: 'Legacy', token: 'kie_token_legacy_7777hhhh' });
    kit.secrets.add('kie_token_legacy_7777hhhh');
    await kit.server.orm.em.fork().execute('update "kie_apis" set "token" = ? where "id" = ?', ['kie_token_legacy_7777hhhh', api.id]);
    expect((await stored(api.id)).token).toBe('kie_token_legacy_7777hhhh');
    expect(await encryptPlaintextSecrets(kit.server.orm.em.fork())).toBe(1);
    const [raw] = await kit.server.orm.em.fork().execute<{ token: string }[]>('select "token" from "kie_apis" where "id" = ?', [api.id]);
    expect(isEncryptedSecret(raw?.token ?? '')).toBe(true);
    expect((await stored(api.id)).token).toBe('kie_token_legacy_7777hhhh');
    const dup = await kit.asAdmin('POST', '/api/admin/kie-apis', { body: { name: 'Dup', token: 'kie_token_legacy_7777hhhh' } });
    expect(dup.status).toBe(409);
    expect((await kit.asAdmin('DELETE', `/api/admin/kie-apis/${api.id}`)).status).toBe(200);
  });

  it('refuses a token that is already added (409 on /body/token) and bad fields (400 with pointers)', async () => {
    const dup = await kit.asAdmin<{ errors: { pointer: string }[] }>('POST', '/api/admin/kie-apis', {
      body: { name: 'Again', token: ` ${TOKEN} ` },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]?.pointer).toBe('/body/token');
    const bad = await kit.asAdmin('POST', '/api/admin/kie-apis', {
      body: { name: '', token: '', totalCredits: -1, nanoBananaCredits: 0, nanoBananaEditCredits: 'many', isEnabled: 'yes' },
    });
    expect(pointersOf(bad).sort()).toEqual([
      '/body/isEnabled',
      '/body/name',
      '/body/nanoBananaCredits',
      '/body/nanoBananaEditCredits',
      '/body/token',
      '/body/totalCredits',
    ]);
  });

  it('labels accounts under 400 credits as low; the list is oldest first and never shows tokens', async () => {
    await add({ name: 'Low', token: LOW, totalCredits: 399, nanoBananaCredits: 4, nanoBananaEditCredits: 4, isEnabled: false });
    const list = await kit.asAdmin<KieApiAccount[]>('GET', '/api/admin/kie-apis');
    expect(list.body.map((a) => [a.name, a.status, a.isEnabled])).toEqual([
      ['Main', 'available', true],
      ['Low', 'low_credits', false],
    ]);
  });

  it('update keeps the token when it is empty or missing and replaces it when given', async () => {
    const api = await add({ name: 'Rotating', token: REVOKED });
    const kept = await kit.asAdmin<KieApiAccount>('PUT', `/api/admin/kie-apis/${api.id}`, {
      body: { name: 'Renamed', token: '', totalCredits: 400 },
    });
    expect(kept.body).toMatchObject({ name: 'Renamed', tokenHint: '••••cccc', totalCredits: 400, status: 'available' });
    expect((await stored(api.id)).token).toBe(REVOKED);
    kit.secrets.add('kie_token_rotated_3333dddd');
    const replaced = await kit.asAdmin<KieApiAccount>('PUT', `/api/admin/kie-apis/${api.id}`, {
      body: { token: 'kie_token_rotated_3333dddd' },
    });
    expect(replaced.body.tokenHint).toBe('••••dddd');
    expect((await stored(api.id)).token).toBe('kie_token_rotated_3333dddd');
    const clash = await kit.asAdmin('PUT', `/api/admin/kie-apis/${api.id}`, { body: { token: TOKEN } });
    expect(clash.status).toBe(409);
    expect((await kit.asAdmin('PUT', `/api/admin/kie-apis/${someId}`, { body: { name: 'x' } })).status).toBe(404);
    expect(pointersOf(await kit.asAdmin('PUT', `/api/admin/kie-apis/${api.id}`, { body: { totalCredits: 1.5 } }))).toEqual([
      '/body/totalCredits',
    ]);

    const deleted = await kit.asAdmin('DELETE', `/api/admin/kie-apis/${api.id}`);
    expect(deleted.status).toBe(200);
    expect(await kit.server.orm.em.fork().count(KieApi, { id: api.id })).toBe(0);
    expect((await kit.asAdmin('DELETE', `/api/admin/kie-apis/${api.id}`)).status).toBe(404);
  });

  it("refresh-credits reads the real balance from KIE with the account's token and stores it", async () => {
    const [main] = (await kit.asAdmin<KieApiAccount[]>('GET', '/api/admin/kie-apis')).body;
    const res = await kit.asAdmin<KieApiAccount>('POST', `/api/admin/kie-apis/${main?.id}/refresh-credits`, { body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCredits: 1234, status: 'available' });
    expect((await stored(main?.id ?? '')).totalCredits).toBe(1234);
    const call = kie.requests.filter((r) => r.path === '/api/v1/chat/credit').at(-1);
    expect(call?.token).toBe(TOKEN);
  });

  it('refresh-credits that drops an account below 400 tells the operator once', async () => {
    await kit.asAdmin('PUT', '/api/admin/settings/telegram', { body: { telegramBotToken: tg.botToken, telegramChatId: tg.chatId } });
    kit.secrets.add(tg.botToken);
    const low = (await kit.asAdmin<KieApiAccount[]>('GET', '/api/admin/kie-apis')).body.find((a) => a.name === 'Low');
    await kit.asAdmin('PUT', `/api/admin/kie-apis/${low?.id}`, { body: { totalCredits: 900 } });
    const res = await kit.asAdmin<KieApiAccount>('POST', `/api/admin/kie-apis/${low?.id}/refresh-credits`);
    expect(res.body).toMatchObject({ totalCredits: 120, status: 'low_credits' });
    await kit.asAdmin('POST', `/api/admin/kie-apis/${low?.id}/refresh-credits`);
    await kit.notifier().idle();
    const alerts = tg.messages.filter((m) => m.plainText.includes('low on credits'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.plainText).toContain('Account: Low');
    expect(alerts[0]?.plainText).toContain('Remaining: 120');
  });

  it(`create stops at ${LIMITS.maxKieAccounts} accounts (409 too_many_kie_apis), the most the list declares`, async () => {
    const accounts = new KieApiRepository(kit.server.orm.em.fork());
    for (let i = await accounts.count(); i < LIMITS.maxKieAccounts; i += 1) {
      await accounts.create({ name: `Bulk ${i}`, token: `kie_bulk_token_${String(i).padStart(8, '0')}`, isEnabled: false });
    }
    const refused = await kit.asAdmin<{ code: string }>('POST', '/api/admin/kie-apis', {
      body: { name: 'One more', token: 'kie_one_more_5555ffff' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('too_many_kie_apis');
    const list = await kit.asAdmin<KieApiAccount[]>('GET', '/api/admin/kie-apis');
    expect(list.body).toHaveLength(LIMITS.maxKieAccounts);
    await kit.server.orm.em.fork().nativeDelete(KieApi, { name: { $like: 'Bulk %' } });
  });

  it('refresh-credits answers 502 when KIE refuses the token, changing nothing', async () => {
    const api = await add({ name: 'Revoked', token: 'kie_token_unknown_4444eeee', totalCredits: 777 });
    kit.secrets.add('kie_token_unknown_4444eeee');
    const res = await kit.asAdmin<{ code: string }>('POST', `/api/admin/kie-apis/${api.id}/refresh-credits`);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('kie_failed');
    expect((await stored(api.id)).totalCredits).toBe(777);
  });
});
