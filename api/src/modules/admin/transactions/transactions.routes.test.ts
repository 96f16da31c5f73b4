import type { AdminTransactionList } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { type AdminKit, expectAdminOnly, pointersOf, type SignedIn, startAdminKit } from '../testing.ts';

let kit: AdminKit;
let zoe: SignedIn;
let yan: SignedIn;

beforeAll(async () => {
  kit = await startAdminKit();
  zoe = await kit.signedIn({ username: 'zoe_ledger', email: 'Zoe@Example.com', credits: 100 });
  yan = await kit.signedIn({ username: 'yan_ledger', email: 'yan@other.org', credits: 10 });
  await applyLedgerEntry(kit.server.orm.em.fork(), {
    userId: zoe.id,
    amount: -4,
    type: 'usage',
    businessKey: 'usage:test-api-task',
    description: 'Text to image via API',
    event: { kind: 'task_charge', params: { taskKind: 'text_to_image', taskId: 'tsk_api' } },
    kieTaskId: 'kie_task_42',
    createdVia: 'n8n',
  });
});
afterAll(() => kit?.close());

describe('GET /api/admin/transactions', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(kit, 'GET', '/api/admin/transactions');
  });

  it("lists every user's entries newest first with username, email, kieTaskId and createdVia", async () => {
    const res = await kit.asAdmin<AdminTransactionList>('GET', '/api/admin/transactions?page=1&limit=25');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.data[0]).toMatchObject({
      userId: zoe.id,
      username: 'zoe_ledger',
      email: 'Zoe@Example.com',
      type: 'usage',
      amount: -4,
      balanceAfter: 96,
      kieTaskId: 'kie_task_42',
      createdVia: 'n8n',
      description: 'Text to image via API',
      // What it records, for the admin's page to word in the reader's language.
      event: { kind: 'task_charge', params: { taskKind: 'text_to_image', taskId: 'tsk_api' } },
    });
    const times = res.body.data.map((t) => Date.parse(t.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(res.body.data.map((t) => t.userId))).toEqual(new Set([zoe.id, yan.id]));
  });

  it('pages with limit (default 20) without overlap', async () => {
    const first = await kit.asAdmin<AdminTransactionList>('GET', '/api/admin/transactions?limit=2');
    const second = await kit.asAdmin<AdminTransactionList>('GET', '/api/admin/transactions?limit=2&page=2');
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.total).toBe(3);
    expect(first.body.data.map((t) => t.id)).not.toContain(second.body.data[0]?.id);
  });

  it('searches username, email and description, in any letter case, with wildcards taken literally', async () => {
    const byName = await kit.asAdmin<AdminTransactionList>('GET', '/api/admin/transactions?search=YAN_LED');
    expect(byName.body.total).toBe(1);
    expect(byName.body.data[0]?.userId).toBe(yan.id);
    const byEmail = await kit.asAdmin<AdminTransactionList>('GET', '/api/admin/transactions?search=zoe%40example');
    expect(byEmail.body.total).toBe(2);
    const byDescription = await kit.asAdmin<AdminTransactionList>('GET', '/api/admin/transactions?search=via%20api');
    expect(byDescription.body).toMatchObject({ total: 1, data: [{ kieTaskId: 'kie_task_42' }] });
    const wildcard = await kit.asAdmin<AdminTransactionList>('GET', '/api/admin/transactions?search=_');
    expect(wildcard.body.total).toBe(3);
    const percent = await kit.asAdmin<AdminTransactionList>('GET', '/api/admin/transactions?search=%25');
    expect(percent.body.total).toBe(0);
  });

  it('refuses bad paging with pointers', async () => {
    const res = await kit.asAdmin('GET', '/api/admin/transactions?page=abc&limit=0');
    expect(pointersOf(res).sort()).toEqual(['/query/limit', '/query/page']);
  });
});
