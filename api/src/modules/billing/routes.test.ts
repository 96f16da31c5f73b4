import { type CreditPackage as CreditPackageDto, type Pricing, SETTINGS_DEFAULTS } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../../test/index.ts';
import { AdminSettings } from '../settings/index.ts';
import { CreditPackage } from './credit-package.entity.ts';
import { DEMO_PACKAGES } from './seeds.ts';

describe('billing routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** Changes the settings row directly in the database, as the admin screen later will. */
  async function setSettings(values: Partial<AdminSettings>): Promise<void> {
    await server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, values);
    await server.heard();
  }

  describe('GET /api/pricing/current', () => {
    beforeEach(() =>
      setSettings({
        creemEnabled: false,
        creemApiKey: null,
        creemWebhookSecret: null,
        paypalEnabled: false,
        paypalClientId: null,
        paypalClientSecret: null,
        nanoBananaCredits: SETTINGS_DEFAULTS.nanoBananaCredits,
      }),
    );

    it('answers the spec defaults on a fresh database', async () => {
      const res = await server.request<Pricing>('GET', '/api/pricing/current');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        nanoBananaApiPrice: 4,
        nanoBananaEditApiPrice: 6,
        nanoBananaResizeCredits: 5,
        nanoBananaCredits: 2,
        nanoBananaEditCredits: 3,
        creemEnabled: false,
        sandboxPayments: false,
        paypalEnabled: false,
      });
    });

    it('answers from memory, and a change of the settings by an admin shows at once', async () => {
      await server.request<Pricing>('GET', '/api/pricing/current');
      const execute = vi.spyOn(Object.getPrototypeOf(server.orm.em) as { findOne: () => Promise<unknown> }, 'findOne');
      try {
        expect((await server.request<Pricing>('GET', '/api/pricing/current')).status).toBe(200);
        expect(execute).not.toHaveBeenCalled();
      } finally {
        execute.mockRestore();
      }
      const admin = await signIn(server, await createUser(server, { isAdmin: true }));
      const saved = await server.request('PUT', '/api/admin/settings', {
        cookie: admin,
        body: { nanoBananaCredits: 11 },
        headers: { origin: server.url },
      });
      expect(saved.status).toBe(200);
      expect((await server.request<Pricing>('GET', '/api/pricing/current')).body.nanoBananaCredits).toBe(11);
    });

    it('reflects settings changed in the database', async () => {
      await setSettings({ nanoBananaCredits: 7, nanoBananaEditApiPrice: 9 });
      const res = await server.request<Pricing>('GET', '/api/pricing/current');
      expect(res.body).toMatchObject({ nanoBananaCredits: 7, nanoBananaEditApiPrice: 9, nanoBananaApiPrice: 4 });
    });

    it('offers card payment only when enabled AND given an API key and a webhook secret', async () => {
      await setSettings({ creemEnabled: true });
      expect((await server.request<Pricing>('GET', '/api/pricing/current')).body.creemEnabled).toBe(false);
      await setSettings({ creemEnabled: false, creemApiKey: 'creem_test_key', creemWebhookSecret: 'whsec_1' });
      expect((await server.request<Pricing>('GET', '/api/pricing/current')).body.creemEnabled).toBe(false);
      await setSettings({ creemEnabled: true, creemWebhookSecret: null });
      expect((await server.request<Pricing>('GET', '/api/pricing/current')).body.creemEnabled).toBe(false);
      await setSettings({ creemWebhookSecret: 'whsec_1' });
      expect((await server.request<Pricing>('GET', '/api/pricing/current')).body.creemEnabled).toBe(true);
    });

    it('offers PayPal only when enabled with both client id and secret', async () => {
      await setSettings({ paypalEnabled: true, paypalClientId: 'client' });
      expect((await server.request<Pricing>('GET', '/api/pricing/current')).body.paypalEnabled).toBe(false);
      await setSettings({ paypalClientSecret: 'secret' });
      expect((await server.request<Pricing>('GET', '/api/pricing/current')).body.paypalEnabled).toBe(true);
    });

    it('recreates a deleted settings row with the defaults', async () => {
      await server.orm.em.fork().nativeDelete(AdminSettings, {});
      const res = await server.request<Pricing>('GET', '/api/pricing/current');
      expect(res.status).toBe(200);
      expect(res.body.nanoBananaResizeCredits).toBe(SETTINGS_DEFAULTS.nanoBananaResizeCredits);
    });
  });

  describe('GET /api/credit-packages', () => {
    beforeEach(() => server.orm.em.fork().nativeDelete(CreditPackage, {}));

    async function insertPackages(rows: Array<Partial<CreditPackage> & Pick<CreditPackage, 'name' | 'credits' | 'price'>>) {
      const em = server.orm.em.fork();
      for (const row of rows) em.create(CreditPackage, row);
      await em.flush();
    }

    it('answers an empty list when there are no packages', async () => {
      const res = await server.request<CreditPackageDto[]>('GET', '/api/credit-packages');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('lists active packages only, cheapest first, in the contract shape', async () => {
      await insertPackages([
        { name: 'Big', credits: 3000, price: '19.99', bonus: 200 },
        { name: 'Hidden', credits: 100, price: '0.50', isActive: false },
        { name: 'Small', credits: 500, price: '4.50', description: 'Try it', popular: true },
        { name: 'Medium', credits: 1200, price: '10.00' },
      ]);
      const res = await server.request<CreditPackageDto[]>('GET', '/api/credit-packages');
      expect(res.body.map((p) => p.name)).toEqual(['Small', 'Medium', 'Big']);
      const [small, , big] = res.body;
      expect(small).toMatchObject({ price: 4.5, credits: 500, description: 'Try it', popular: true, bonus: 0, isActive: true });
      expect(big).toMatchObject({ price: 19.99, bonus: 200, description: null, popular: false });
      expect(new Date(small?.createdAt ?? '').toISOString()).toBe(small?.createdAt);
    });

    it('hides a package once it is deactivated', async () => {
      await insertPackages([{ name: 'Only', credits: 100, price: '1.00' }]);
      expect((await server.request<CreditPackageDto[]>('GET', '/api/credit-packages')).body).toHaveLength(1);
      await server.orm.em.fork().nativeUpdate(CreditPackage, { name: 'Only' }, { isActive: false });
      expect((await server.request<CreditPackageDto[]>('GET', '/api/credit-packages')).body).toEqual([]);
    });
  });
});

describe('demo seed', () => {
  // Servers start in hooks (longer time limit): a fresh database can be slow to boot on a busy machine.
  let seeded: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    [seeded, plain] = await Promise.all([startTestServer({ seed: true }), startTestServer()]);
  });
  afterAll(() => Promise.all([seeded?.close(), plain?.close()]));

  it('fills an empty package table when asked, and only once', async () => {
    const res = await seeded.request<CreditPackageDto[]>('GET', '/api/credit-packages');
    expect(res.body.map((p) => [p.name, p.credits, p.price, p.popular, p.bonus])).toEqual(
      DEMO_PACKAGES.map((p) => [p.name, p.credits, Number(p.price), p.popular, p.bonus]),
    );
    const { runSeeds } = await import('../../server.ts');
    await runSeeds(seeded.orm);
    expect(await seeded.orm.em.fork().count(CreditPackage)).toBe(DEMO_PACKAGES.length);
  });

  it('is off by default in tests', async () => {
    expect((await plain.request<CreditPackageDto[]>('GET', '/api/credit-packages')).body).toEqual([]);
  });
});
