// What the UI needs to speak the reader's language: ledger entries that say what happened (kind and particulars)
// and packages with the admin's optional Vietnamese name and description.
import type { AdminCreditPackage, CreditPackage, TransactionList } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettings } from '../settings/index.ts';
import { type AdminKit, startAdminKit } from './testing.ts';

let kit: AdminKit;
beforeAll(async () => {
  kit = await startAdminKit();
});
afterAll(() => kit?.close());

async function entries(cookie: string) {
  const res = await kit.server.request<TransactionList>('GET', '/api/transactions', { cookie });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('ledger entries record what happened', () => {
  it('a new account: signup_bonus; an admin setting the balance: balance_set with from, to, admin and reason', async () => {
    await kit.server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { startCredits: 10 });
    const ann = await kit.signedIn();
    const set = await kit.asAdmin('PUT', `/api/admin/users/${ann.id}/credits`, { body: { credits: 1200, reason: 'promo' } });
    expect(set.status).toBe(200);
    const [adjustment, bonus] = await entries(ann.cookie);
    expect(bonus).toMatchObject({
      type: 'bonus',
      description: 'Start credits for a new account',
      event: { kind: 'signup_bonus', params: {} },
    });
    expect(adjustment).toMatchObject({
      type: 'adjustment',
      amount: 1190,
      event: { kind: 'balance_set', params: { from: 10, to: 1200, admin: kit.admin.username, reason: 'promo' } },
    });
  });
});

describe('Vietnamese package wording', () => {
  it('is optional, published beside the English, and cleared by an empty value', async () => {
    const created = await kit.asAdmin<AdminCreditPackage>('POST', '/api/admin/credit-packages', {
      body: { name: 'Tester', credits: 100, price: '1.00', nameVi: '  Gói Thử  ', descriptionVi: 'Để dùng thử' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Tester', nameVi: 'Gói Thử', descriptionVi: 'Để dùng thử', description: null });
    const plain = await kit.asAdmin<AdminCreditPackage>('POST', '/api/admin/credit-packages', {
      body: { name: 'Plain', credits: 100, price: '1.00' },
    });
    expect(plain.body).toMatchObject({ nameVi: null, descriptionVi: null });
    const cleared = await kit.asAdmin<AdminCreditPackage>('PUT', `/api/admin/credit-packages/${created.body.id}`, { body: { nameVi: '' } });
    expect(cleared.body).toMatchObject({ nameVi: null, descriptionVi: 'Để dùng thử' });
    const published = await kit.server.request<CreditPackage[]>('GET', '/api/credit-packages');
    expect(published.body.find((pkg) => pkg.id === created.body.id)).toMatchObject({ nameVi: null, descriptionVi: 'Để dùng thử' });
    const tooLong = await kit.asAdmin('PUT', `/api/admin/credit-packages/${created.body.id}`, { body: { nameVi: 'x'.repeat(201) } });
    expect(tooLong.status).toBe(400);
  });
});
