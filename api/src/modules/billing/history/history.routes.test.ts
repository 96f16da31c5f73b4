// The signed-in user's stats and credit history.
import type { Problem, TransactionList, UserStats } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer, type TestUser } from '../../../../test/index.ts';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { ImageTask } from '../../studio/index.ts';
import { CreditPackage } from '../credit-package.entity.ts';
import { Order, type OrderStatus } from '../orders/order.entity.ts';

/** A finished task row of the user, straight in the table (no charge): only the count matters here. */
async function insertTask(userId: string, overrides: Partial<ImageTask> = {}): Promise<void> {
  const em = server.orm.em.fork();
  em.create(ImageTask, {
    user: userId,
    taskId: `tsk_${crypto.randomUUID().replaceAll('-', '')}`,
    prompt: 'a test image',
    model: 'nano_banana',
    aspectRatio: '1:1',
    status: 'completed',
    creditsUsed: 2,
    deadlineAt: new Date(),
    ...overrides,
  });
  await em.flush();
}

let server: TestServer;
let alice: TestUser;
let aliceCookie: string;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createUser(server);
  aliceCookie = await signIn(server, alice);
  bob = await createUser(server);
});
afterAll(() => server.close());

async function ledger(user: TestUser, amount: number, key: string, type: 'usage' | 'bonus' | 'refund' = amount < 0 ? 'usage' : 'bonus') {
  const result = await applyLedgerEntry(server.orm.em.fork(), { userId: user.id, amount, type, businessKey: key, description: key });
  expect(result.applied).toBe(true);
}

describe('GET /api/transactions', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 5; i++) await ledger(alice, 10 * i, `alice-${i}`);
    await ledger(alice, -15, 'alice-spend');
    await ledger(bob, 99, 'bob-1');
  });

  it("lists only the caller's entries, newest first, with the total", async () => {
    const res = await server.request<TransactionList>('GET', '/api/transactions', { cookie: aliceCookie });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    expect(res.body.data.map((t) => t.description)).toEqual(['alice-spend', 'alice-5', 'alice-4', 'alice-3', 'alice-2', 'alice-1']);
    expect(res.body.data[0]).toMatchObject({
      type: 'usage',
      amount: -15,
      createdVia: 'web',
      imageTaskId: null,
      packageId: null,
      orderId: null,
    });
  });

  it('pages with page and limit without overlap', async () => {
    const first = await server.request<TransactionList>('GET', '/api/transactions?page=1&limit=4', { cookie: aliceCookie });
    const second = await server.request<TransactionList>('GET', '/api/transactions?page=2&limit=4', { cookie: aliceCookie });
    expect(first.body.data).toHaveLength(4);
    expect(second.body.data.map((t) => t.description)).toEqual(['alice-2', 'alice-1']);
    expect(second.body.total).toBe(6);
  });

  it('rejects a limit above 100 and callers without a session', async () => {
    expect((await server.request<Problem>('GET', '/api/transactions?limit=101', { cookie: aliceCookie })).status).toBe(400);
    expect((await server.request<Problem>('GET', '/api/transactions')).status).toBe(401);
  });
});

describe('GET /api/user/stats', () => {
  it('counts paid and refunded orders net of refunds, never pending or failed ones', async () => {
    const carol = await createUser(server);
    const em = server.orm.em.fork();
    const pkg = em.create(CreditPackage, { name: 'Any', credits: 100, price: '9.99' });
    const order = (status: OrderStatus, amountMinor: number, refundedMinor = 0) =>
      em.create(Order, {
        user: carol.id,
        package: pkg,
        packageName: 'Any',
        credits: 100,
        amountMinor,
        currency: 'USD',
        provider: 'paypal',
        status,
        refundedMinor,
      });
    order('paid', 999);
    order('paid', 1999);
    order('refunded', 1000, 400);
    order('pending', 5000);
    order('failed', 7000);
    await em.flush();
    await ledger(carol, 250, 'carol-bonus');

    const res = await server.request<UserStats>('GET', '/api/user/stats', { cookie: await signIn(server, carol) });
    expect(res.status).toBe(200);
    // 9.99 + 19.99 + (10.00 - 4.00)
    expect(res.body).toEqual({ credits: 250, videosCreated: 0, totalSpent: 35.98, creditsUsed: 0 });
  });

  it('counts the image tasks of the caller in any status (UI label: Images Created)', async () => {
    const dave = await createUser(server);
    await insertTask(dave.id);
    await insertTask(dave.id, { status: 'failed' });
    await insertTask(dave.id, { status: 'generating', createdVia: 'api' });
    await insertTask(bob.id);
    const res = await server.request<UserStats>('GET', '/api/user/stats', { cookie: await signIn(server, dave) });
    expect(res.body).toEqual({ credits: 0, videosCreated: 3, totalSpent: 0, creditsUsed: 0 });
  });

  it('counts the credits used: spent on tasks, less what failed tasks gave back', async () => {
    const erin = await createUser(server);
    await ledger(erin, 20, 'erin-bonus');
    await ledger(erin, -2, 'usage:erin-1');
    await ledger(erin, -3, 'usage:erin-2');
    await ledger(erin, -3, 'usage:erin-3');
    await ledger(erin, 3, 'refund:erin-3', 'refund');
    const res = await server.request<UserStats>('GET', '/api/user/stats', { cookie: await signIn(server, erin) });
    expect(res.body).toMatchObject({ credits: 15, creditsUsed: 5 });
  });

  it('answers 401 without a session', async () => {
    expect((await server.request<Problem>('GET', '/api/user/stats')).status).toBe(401);
  });
});
