import type { AdminCreditPackage, CreditPackage as CreditPackageDto, Problem } from '@app/contract';
import { LIMITS } from '@app/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditPackage, createPendingOrder, Order } from '../../billing/index.ts';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { type AdminKit, expectAdminOnly, pointersOf, startAdminKit } from '../testing.ts';

let kit: AdminKit;
beforeAll(async () => {
  kit = await startAdminKit();
});
afterAll(() => kit?.close());

const valid = { name: 'Starter', credits: 500, price: '9.99', creemProductId: 'prod_starter', isActive: true };
const someId = '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10';

async function create(body: Record<string, unknown>) {
  const res = await kit.asAdmin<AdminCreditPackage>('POST', '/api/admin/credit-packages', { body });
  expect(res.status).toBe(201);
  return res.body;
}

describe('admin credit packages', () => {
  it('are for admins only', async () => {
    await expectAdminOnly(kit, 'GET', '/api/admin/credit-packages');
    await expectAdminOnly(kit, 'POST', '/api/admin/credit-packages', valid);
    await expectAdminOnly(kit, 'PUT', `/api/admin/credit-packages/${someId}`, { name: 'x' });
    await expectAdminOnly(kit, 'DELETE', `/api/admin/credit-packages/${someId}`);
    expect(await kit.server.orm.em.fork().count(CreditPackage)).toBe(0);
  });

  it('create answers the package with defaults (active, not popular, no bonus) and the exact price', async () => {
    const pkg = await create({ name: '  Starter  ', credits: 500, price: '9.9' });
    expect(pkg).toMatchObject({
      name: 'Starter',
      credits: 500,
      price: 9.9,
      isActive: true,
      popular: false,
      bonus: 0,
      creemProductId: null,
    });
    const stored = await kit.server.orm.em.fork().findOneOrFail(CreditPackage, { id: pkg.id });
    expect(String(stored.price)).toBe('9.90');
  });

  it("create refuses bad input with the form's messages", async () => {
    const res = await kit.asAdmin('POST', '/api/admin/credit-packages', { body: { name: ' ', credits: 0, price: '9.999' } });
    expect(pointersOf(res).sort()).toEqual(['/body/credits', '/body/name', '/body/price']);
    const errors = (res.body as { errors: { pointer: string; detail: string }[] }).errors;
    expect(errors).toContainEqual({ pointer: '/body/name', detail: 'Package name is required' });
    expect(errors).toContainEqual({ pointer: '/body/credits', detail: 'Credits must be positive' });
    expect(errors).toContainEqual({ pointer: '/body/price', detail: 'Price must be valid' });

    for (const price of ['abc', '-1', '0', '1e3', 10.555, '']) {
      const bad = await kit.asAdmin('POST', '/api/admin/credit-packages', { body: { ...valid, price } });
      expect(pointersOf(bad), `price ${price}`).toEqual(['/body/price']);
    }
    const missing = await kit.asAdmin('POST', '/api/admin/credit-packages', { body: { price: '5' } });
    expect(pointersOf(missing).sort()).toEqual(['/body/credits', '/body/name']);
    const bonus = await kit.asAdmin('POST', '/api/admin/credit-packages', { body: { ...valid, credits: 10, bonus: 11 } });
    expect(pointersOf(bonus)).toEqual(['/body/bonus']);
  });

  it('list shows active and inactive packages; the public list only active ones', async () => {
    const hidden = await create({ ...valid, name: 'Hidden', price: 1, isActive: false });
    const shown = await create({ ...valid, name: 'Shown', price: 2, description: 'Good', popular: true, bonus: 100 });
    const admin = await kit.asAdmin<AdminCreditPackage[]>('GET', '/api/admin/credit-packages');
    expect(admin.body.map((p) => p.id)).toEqual(expect.arrayContaining([hidden.id, shown.id]));
    expect(admin.body.find((p) => p.id === shown.id)).toMatchObject({
      description: 'Good',
      popular: true,
      bonus: 100,
      creemProductId: 'prod_starter',
    });
    const pub = await kit.server.request<CreditPackageDto[]>('GET', '/api/credit-packages');
    expect(pub.body.map((p) => p.id)).toContain(shown.id);
    expect(pub.body.map((p) => p.id)).not.toContain(hidden.id);
  });

  it('update changes only the fields sent; blank optional text clears; 404 for unknown ids', async () => {
    const pkg = await create({ ...valid, description: 'Old', popular: true });
    const res = await kit.asAdmin<AdminCreditPackage>('PUT', `/api/admin/credit-packages/${pkg.id}`, {
      body: { price: 12.5, creemProductId: '', isActive: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Starter',
      credits: 500,
      price: 12.5,
      creemProductId: null,
      isActive: false,
      description: 'Old',
      popular: true,
    });
    const bad = await kit.asAdmin('PUT', `/api/admin/credit-packages/${pkg.id}`, { body: { name: '', bonus: 501 } });
    expect(pointersOf(bad).sort()).toEqual(['/body/name']);
    const overBonus = await kit.asAdmin('PUT', `/api/admin/credit-packages/${pkg.id}`, { body: { bonus: 501 } });
    expect(pointersOf(overBonus)).toEqual(['/body/bonus']);
    expect((await kit.asAdmin('PUT', `/api/admin/credit-packages/${someId}`, { body: { name: 'x' } })).status).toBe(404);
    expect((await kit.asAdmin('PUT', '/api/admin/credit-packages/not-a-uuid', { body: { name: 'x' } })).status).toBe(400);
  });

  it(`create stops at ${LIMITS.maxCreditPackages} packages (409 too_many_packages), the most the lists declare`, async () => {
    const em = kit.server.orm.em.fork();
    const missing = LIMITS.maxCreditPackages - (await em.count(CreditPackage));
    for (let i = 0; i < missing; i += 1) em.create(CreditPackage, { name: `Bulk ${i}`, credits: 10, price: '1.00' });
    await em.flush();
    const refused = await kit.asAdmin<Problem>('POST', '/api/admin/credit-packages', { body: valid });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('too_many_packages');
    expect(await kit.server.orm.em.fork().count(CreditPackage)).toBe(LIMITS.maxCreditPackages);
    const all = await kit.asAdmin<AdminCreditPackage[]>('GET', '/api/admin/credit-packages');
    expect(all.body).toHaveLength(LIMITS.maxCreditPackages);
    await kit.server.orm.em.fork().nativeDelete(CreditPackage, { name: { $like: 'Bulk %' } });
    expect((await kit.asAdmin('POST', '/api/admin/credit-packages', { body: valid })).status).toBe(201);
  });

  it('delete removes an unused package, and deactivates one an order or the ledger refers to', async () => {
    const unused = await create(valid);
    const del = await kit.asAdmin<{ deactivated: boolean }>('DELETE', `/api/admin/credit-packages/${unused.id}`);
    expect(del.body).toMatchObject({ deactivated: false, message: 'Package deleted' });
    expect(await kit.server.orm.em.fork().count(CreditPackage, { id: unused.id })).toBe(0);
    expect((await kit.asAdmin('DELETE', `/api/admin/credit-packages/${unused.id}`)).status).toBe(404);

    const ordered = await create(valid);
    await createPendingOrder(kit.server.orm.em.fork(), { userId: kit.user.id, packageId: ordered.id, provider: 'paypal' });
    const deactivated = await kit.asAdmin<{ deactivated: boolean; message: string }>('DELETE', `/api/admin/credit-packages/${ordered.id}`);
    expect(deactivated.body).toMatchObject({ deactivated: true, message: expect.stringMatching(/deactivated/) });
    expect(await kit.server.orm.em.fork().count(Order, { package: ordered.id })).toBe(1);

    const sold = await create(valid);
    await applyLedgerEntry(kit.server.orm.em.fork(), {
      userId: kit.user.id,
      amount: 500,
      type: 'purchase',
      businessKey: `purchase:test-${sold.id}`,
      description: 'Purchased Starter',
      packageId: sold.id,
    });
    const kept = await kit.asAdmin<{ deactivated: boolean }>('DELETE', `/api/admin/credit-packages/${sold.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.deactivated).toBe(true);
    const stored = await kit.server.orm.em.fork().findOneOrFail(CreditPackage, { id: sold.id });
    expect(stored.isActive).toBe(false);
  });
});
