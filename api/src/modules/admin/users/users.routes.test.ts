import type { AdminUser, AdminUserList, Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, login } from '../../../../test/index.ts';
import { Session } from '../../auth/index.ts';
import { findLedgerMismatches, Transaction } from '../../ledger/index.ts';
import { ImageTask } from '../../studio/index.ts';
import { ApiToken } from '../../tokens/index.ts';
import { User } from '../../users/index.ts';
import { type AdminKit, expectAdminOnly, pointersOf, startAdminKit } from '../testing.ts';

let kit: AdminKit;
beforeAll(async () => {
  kit = await startAdminKit();
});
afterAll(() => kit?.close());

const someId = '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10';
const em = () => kit.server.orm.em.fork();
const balance = async (id: string) => (await em().findOneOrFail(User, { id })).credits;
const adjustments = (id: string) => em().find(Transaction, { user: id, type: 'adjustment' }, { orderBy: { createdAt: 'asc' } });
const whoAmI = (cookie: string) => kit.server.request<{ user: { id: string } | null }>('GET', '/api/auth/current-user', { cookie });

describe('admin users: access', () => {
  it('every user route is for admins only', async () => {
    await expectAdminOnly(kit, 'GET', '/api/admin/users');
    await expectAdminOnly(kit, 'POST', '/api/admin/users', { username: 'someone', password: 'secret12' });
    await expectAdminOnly(kit, 'PUT', `/api/admin/users/${kit.user.id}`, { isAdmin: true });
    await expectAdminOnly(kit, 'DELETE', `/api/admin/users/${kit.admin.id}`);
    await expectAdminOnly(kit, 'PUT', `/api/admin/users/${kit.user.id}/toggle`, { isActive: false });
    await expectAdminOnly(kit, 'PUT', `/api/admin/users/${kit.user.id}/credits`, { credits: 999 });
    const user = await em().findOneOrFail(User, { id: kit.user.id });
    expect(user).toMatchObject({ isAdmin: false, isActive: true, credits: 0 });
  });

  it('a disabled admin is refused like an anonymous caller', async () => {
    const other = await kit.signedIn({ isAdmin: true });
    await em().nativeUpdate(User, { id: other.id }, { isActive: false });
    await kit.server.heard();
    const res = await kit.server.request('GET', '/api/admin/users', { cookie: other.cookie });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/admin/users', () => {
  it('lists users newest first with their image counts, filters by email and pages', async () => {
    const ann = await kit.signedIn({ email: 'Ann.Smith@Example.com', credits: 10 });
    await kit.createTask(ann.id, { status: 'completed' });
    await kit.createTask(ann.id);
    await kit.createTask(ann.id, { creditsUsed: 0 });
    const bob = await kit.signedIn({ email: 'bob@other.org' });

    const all = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.data.length);
    expect(all.body.data[0]?.id).toBe(bob.id);
    expect(all.body.data.find((u) => u.id === ann.id)).toMatchObject({ imageCount: 3, email: 'Ann.Smith@Example.com' });
    expect(all.body.data.find((u) => u.id === bob.id)?.imageCount).toBe(0);
    expect(JSON.stringify(all.body)).not.toMatch(/password|argon2/i);

    const filtered = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users?email=SMITH@example');
    expect(filtered.body).toMatchObject({ total: 1, data: [{ id: ann.id }] });
    const wildcard = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users?email=%25');
    expect(wildcard.body.total).toBe(0);

    const page = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users?limit=1&page=2');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0]?.id).toBe(all.body.data[1]?.id);
    expect(page.body.total).toBe(all.body.total);
  });

  it('searches username or email with search; the email filter stays email only', async () => {
    const dana = await kit.signedIn({ username: 'dana_searchable', email: null });
    const eve = await kit.signedIn({ username: 'eve_x', email: 'dana.fan@example.com' });

    const both = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users?search=DANA');
    expect(both.status).toBe(200);
    expect(both.body.data.map((u) => u.id).sort()).toEqual([dana.id, eve.id].sort());
    const byName = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users?search=searchable');
    expect(byName.body).toMatchObject({ total: 1, data: [{ id: dana.id }] });
    const emailOnly = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users?email=dana');
    expect(emailOnly.body).toMatchObject({ total: 1, data: [{ id: eve.id }] });
    const literal = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users?search=_');
    expect(literal.body.data.every((u) => u.username.includes('_') || u.email?.includes('_'))).toBe(true);
    expect(pointersOf(await kit.asAdmin('GET', `/api/admin/users?search=${'a'.repeat(201)}`))).toEqual(['/query/search']);
  });

  it('refuses bad paging with pointers', async () => {
    const res = await kit.asAdmin('GET', '/api/admin/users?page=0&limit=1000');
    expect(pointersOf(res).sort()).toEqual(['/query/limit', '/query/page']);
  });
});

describe('POST /api/admin/users', () => {
  it('creates a user who can sign in, with the balance written to the ledger', async () => {
    const res = await kit.asAdmin<AdminUser>('POST', '/api/admin/users', {
      body: { username: 'carol_new', email: 'carol@example.com', password: 'secret123', credits: 40, isActive: true, isAdmin: false },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'carol_new', credits: 40, isAdmin: false, isActive: true, imageCount: 0 });
    expect(await balance(res.body.id)).toBe(40);
    expect((await adjustments(res.body.id)).map((t) => t.amount)).toEqual([40]);
    expect(await findLedgerMismatches(em())).toEqual([]);
    const signed = await login(kit.server, 'carol_new', 'secret123');
    expect(signed.response.status).toBe(200);
  });

  it('answers 409 on /body/username for a taken name in any case, and 400 with pointers for bad fields', async () => {
    const taken = await kit.asAdmin<{ errors: { pointer: string }[] }>('POST', '/api/admin/users', {
      body: { username: 'CAROL_NEW', password: 'secret123' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]?.pointer).toBe('/body/username');

    const bad = await kit.asAdmin('POST', '/api/admin/users', {
      body: { username: 'ab', email: 'not-an-email', credits: -1, isAdmin: 'yes' },
    });
    expect(pointersOf(bad).sort()).toEqual(['/body/credits', '/body/email', '/body/isAdmin', '/body/password', '/body/username']);
  });

  it('can create a disabled admin', async () => {
    const res = await kit.asAdmin<AdminUser>('POST', '/api/admin/users', {
      body: { username: 'dave_admin', password: 'secret123', isActive: false, isAdmin: true },
    });
    expect(res.body).toMatchObject({ isAdmin: true, isActive: false, credits: 0 });
    expect((await login(kit.server, 'dave_admin', 'secret123')).response.status).toBe(403);
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it("changes the fields sent; a new password ends the user's sessions", async () => {
    const erin = await kit.signedIn({ username: `erin_${Date.now()}` });
    const res = await kit.asAdmin<AdminUser>('PUT', `/api/admin/users/${erin.id}`, {
      body: { email: 'erin@example.com', isAdmin: true, password: 'brand-new-pass', credits: 7 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'erin@example.com', isAdmin: true, credits: 7 });
    expect((await whoAmI(erin.cookie)).body.user).toBeNull();
    expect((await login(kit.server, erin.username, 'brand-new-pass')).response.status).toBe(200);
    expect(await findLedgerMismatches(em())).toEqual([]);
  });

  it('refuses removing your own admin rights or disabling yourself (409), and changes nothing', async () => {
    const demote = await kit.asAdmin<{ code: string; detail: string }>('PUT', `/api/admin/users/${kit.admin.id}`, {
      body: { isAdmin: false },
    });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ code: 'cannot_change_self', detail: 'You cannot remove your own admin rights.' });
    const disable = await kit.asAdmin<{ code: string }>('PUT', `/api/admin/users/${kit.admin.id}`, {
      body: { isActive: false, email: 'me@example.com' },
    });
    expect(disable.status).toBe(409);
    const me = await em().findOneOrFail(User, { id: kit.admin.id });
    expect(me).toMatchObject({ isAdmin: true, isActive: true, email: null });
    // Editing your own other fields is fine.
    expect(
      (await kit.asAdmin('PUT', `/api/admin/users/${kit.admin.id}`, { body: { isAdmin: true, email: 'me@example.com' } })).status,
    ).toBe(200);
  });

  it('can change the letter case of a username', async () => {
    const lena = await kit.signedIn({ username: `lena_${Date.now()}` });
    const res = await kit.asAdmin<AdminUser>('PUT', `/api/admin/users/${lena.id}`, { body: { username: lena.username.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(lena.username.toUpperCase());
  });

  it('answers 409 for a taken username, 404 for an unknown user, 400 with pointers for bad input', async () => {
    const frank = await kit.signedIn();
    const taken = await kit.asAdmin('PUT', `/api/admin/users/${frank.id}`, { body: { username: 'Carol_New' } });
    expect(taken.status).toBe(409);
    expect((await kit.asAdmin('PUT', `/api/admin/users/${someId}`, { body: { email: '' } })).status).toBe(404);
    const bad = await kit.asAdmin('PUT', `/api/admin/users/${frank.id}`, { body: { password: '123', credits: 1.5 } });
    expect(pointersOf(bad).sort()).toEqual(['/body/credits', '/body/password']);
  });
});

describe('PUT /api/admin/users/{userId}/toggle', () => {
  it('disables (ending sessions) and enables again; no body flips', async () => {
    const gina = await kit.signedIn();
    const off = await kit.asAdmin<AdminUser>('PUT', `/api/admin/users/${gina.id}/toggle`, { body: { isActive: false } });
    expect(off.body.isActive).toBe(false);
    expect((await whoAmI(gina.cookie)).body.user).toBeNull();
    expect(await em().count(Session, { user: gina.id })).toBe(0);
    const flipped = await kit.asAdmin<AdminUser>('PUT', `/api/admin/users/${gina.id}/toggle`, { body: {} });
    expect(flipped.body.isActive).toBe(true);
  });

  it('refuses disabling yourself (flip included)', async () => {
    for (const body of [{ isActive: false }, {}]) {
      const res = await kit.asAdmin<{ code: string }>('PUT', `/api/admin/users/${kit.admin.id}/toggle`, { body });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('cannot_change_self');
    }
    expect((await whoAmI(kit.admin.cookie)).body.user?.id).toBe(kit.admin.id);
  });
});

describe('PUT /api/admin/users/{userId}/credits', () => {
  it('writes the signed difference as one adjustment and keeps the books exact', async () => {
    const hal = await kit.signedIn({ credits: 50 });
    const up = await kit.asAdmin<AdminUser>('PUT', `/api/admin/users/${hal.id}/credits`, { body: { credits: 120 } });
    expect(up.body.credits).toBe(120);
    const down = await kit.asAdmin<AdminUser>('PUT', `/api/admin/users/${hal.id}/credits`, { body: { credits: 30 } });
    expect(down.body.credits).toBe(30);
    const same = await kit.asAdmin<AdminUser>('PUT', `/api/admin/users/${hal.id}/credits`, { body: { credits: 30 } });
    expect(same.body.credits).toBe(30);
    expect((await adjustments(hal.id)).map((t) => t.amount)).toEqual([50, 70, -90]);
    const entries = await adjustments(hal.id);
    expect(new Set(entries.map((t) => t.businessKey)).size).toBe(3);
    expect(entries.at(-1)?.balanceAfter).toBe(30);
    expect(await findLedgerMismatches(em())).toEqual([]);
  });

  it('reads digit text as a number; refuses anything that is not a whole number (a typo never wipes a balance)', async () => {
    const ivy = await kit.signedIn({ credits: 9 });
    const path = `/api/admin/users/${ivy.id}/credits`;
    expect((await kit.asAdmin<AdminUser>('PUT', path, { body: { credits: '25' } })).body.credits).toBe(25);
    expect((await kit.asAdmin<AdminUser>('PUT', path, { body: { credits: '12' } })).body.credits).toBe(12);
    const entries = (await adjustments(ivy.id)).length;
    for (const credits of ['10abc', 'abc', '', null, true, -1, 2.5, '-3', '1e3']) {
      const refused = await kit.asAdmin<Problem>('PUT', path, { body: { credits } });
      expect(refused.status, `credits ${credits}`).toBe(400);
      expect(refused.body.errors, `credits ${credits}`).toEqual([
        { pointer: '/body/credits', detail: 'Credits must be a whole number of at least 0' },
      ]);
    }
    expect(await balance(ivy.id)).toBe(12);
    expect(await adjustments(ivy.id)).toHaveLength(entries);
    expect(pointersOf(await kit.asAdmin('PUT', path, { body: {} }))).toEqual(['/body/credits']);
    expect((await kit.asAdmin('PUT', `/api/admin/users/${someId}/credits`, { body: { credits: 1 } })).status).toBe(404);
    expect(await findLedgerMismatches(em())).toEqual([]);
  });

  it("writes the reason into the adjustment's description", async () => {
    const kim = await kit.signedIn({ credits: 10 });
    const path = `/api/admin/users/${kim.id}/credits`;
    await kit.asAdmin('PUT', path, { body: { credits: 40, reason: '  Goodwill for the outage  ' } });
    await kit.asAdmin('PUT', path, { body: { credits: 35 } });
    const [withReason, without] = (await adjustments(kim.id)).slice(-2);
    expect(withReason?.description).toBe(`Balance set from 10 to 40 by admin ${kit.admin.username}: Goodwill for the outage`);
    expect(without?.description).toBe(`Balance set from 40 to 35 by admin ${kit.admin.username}`);
  });

  it('concurrent sets serialize on the user row: the balance is one of them and equals the ledger', async () => {
    const jay = await kit.signedIn({ credits: 5 });
    const targets = [10, 200, 0, 35, 77, 1, 150, 64];
    const answers = await Promise.all(
      targets.map((credits) => kit.asAdmin('PUT', `/api/admin/users/${jay.id}/credits`, { body: { credits } })),
    );
    expect(answers.map((r) => r.status)).toEqual(targets.map(() => 200));
    expect(targets).toContain(await balance(jay.id));
    expect(await findLedgerMismatches(em())).toEqual([]);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('refuses deleting yourself', async () => {
    const res = await kit.asAdmin<{ code: string }>('DELETE', `/api/admin/users/${kit.admin.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('cannot_change_self');
  });

  it('anonymizes and disables the account, ends sessions and tokens, deletes tasks and files, keeps the ledger', async () => {
    const kim = await kit.signedIn({ email: 'kim@example.com', credits: 20, isAdmin: true });
    await createToken(kit.server, kim);
    expect(await em().count(ApiToken, { user: kim.id })).toBe(1);
    const task = await kit.createTask(kim.id, { status: 'completed' });
    const resultKey = `results/${task.taskId}/0.png`;
    const uploadKey = `uploads/kim-${task.taskId}.png`;
    await kit.files.put(resultKey, new Uint8Array([1, 2, 3]), 'image/png');
    await kit.files.put(uploadKey, new Uint8Array([4, 5, 6]), 'image/png');
    await em().nativeUpdate(
      ImageTask,
      { id: task.id },
      { resultUrls: [kit.files.publicUrl(resultKey)], inputImageUrls: [kit.files.publicUrl(uploadKey)] },
    );
    const ledgerBefore = await em().count(Transaction, { user: kim.id });

    const res = await kit.asAdmin<{ message: string }>('DELETE', `/api/admin/users/${kim.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User deleted');

    const row = await em().findOneOrFail(User, { id: kim.id });
    expect(row).toMatchObject({ username: `deleted:${kim.id}`, email: null, googleId: null, isActive: false, isAdmin: false, credits: 18 });
    expect((await whoAmI(kim.cookie)).body.user).toBeNull();
    expect(await em().count(ApiToken, { user: kim.id })).toBe(0);
    expect(await em().count(Session, { user: kim.id })).toBe(0);
    expect((await login(kit.server, kim.username, 'password123')).response.status).toBe(401);
    expect(await em().count(ImageTask, { user: kim.id })).toBe(0);
    expect(await kit.files.exists(resultKey)).toBe(false);
    expect(await kit.files.exists(uploadKey)).toBe(false);
    expect(await em().count(Transaction, { user: kim.id })).toBe(ledgerBefore);
    expect(await findLedgerMismatches(em())).toEqual([]);

    const list = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users');
    expect(list.body.data.map((u) => u.id)).not.toContain(kim.id);
    expect((await kit.asAdmin('DELETE', `/api/admin/users/${kim.id}`)).status).toBe(404);
    expect((await kit.asAdmin('PUT', `/api/admin/users/${kim.id}/credits`, { body: { credits: 5 } })).status).toBe(404);
  });
});
