import type { AuditEvent as AuditEventWire } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminKit, expectAdminOnly, SEEDED_SECRETS, startAdminKit } from '../admin/testing.ts';
import { User } from '../users/index.ts';
import { AuditEvent } from './index.ts';

let kit: AdminKit;
beforeAll(async () => {
  kit = await startAdminKit();
});
afterAll(() => kit?.close());

type Page = { data: AuditEventWire[]; total: number };
const em = () => kit.server.orm.em.fork();
const auditLog = (query = '') => kit.asAdmin<Page>('GET', `/api/admin/audit-events${query}`);
const fromBrowser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };

describe('the audit log', () => {
  it('is for admins only; the own security events are for signed-in users', async () => {
    await expectAdminOnly(kit, 'GET', '/api/admin/audit-events');
    const anonymous = await kit.server.request('GET', '/api/user/security-events');
    expect(anonymous.status).toBe(401);
  });

  it('records a credits adjustment with who, from where, whom and the balance before and after', async () => {
    const target = await kit.signedIn({ credits: 10 });
    const res = await kit.asAdmin('PUT', `/api/admin/users/${target.id}/credits`, { body: { credits: 55 }, headers: fromBrowser });
    expect(res.status).toBe(200);

    const log = await auditLog(`?action=user.credits_adjusted&subject=${target.username}`);
    expect(log.body.total).toBe(1);
    expect(log.body.data[0]).toMatchObject({
      kind: 'admin',
      action: 'user.credits_adjusted',
      actor: { id: kit.admin.id, username: kit.admin.username },
      subject: { id: target.id, username: target.username },
      ip: expect.stringMatching(/127\.0\.0\.1/),
      userAgent: fromBrowser['user-agent'],
      details: { credits: { before: 10, after: 55 } },
    });
    // An adjustment is not one of the owner's security events.
    const own = await kit.server.request<Page>('GET', '/api/user/security-events', { cookie: target.cookie });
    expect(own.body.data.map((event) => event.action)).not.toContain('user.credits_adjusted');
  });

  it('shows a role or state change to the account owner as a security event', async () => {
    const target = await kit.signedIn();
    expect((await kit.asAdmin('PUT', `/api/admin/users/${target.id}`, { body: { isAdmin: true } })).status).toBe(200);
    const own = await kit.server.request<Page>('GET', '/api/user/security-events', { cookie: target.cookie });
    expect(own.status).toBe(200);
    expect(own.body.data[0]).toMatchObject({
      kind: 'security',
      action: 'user.role_changed',
      actor: { username: kit.admin.username },
      details: { isAdmin: { before: false, after: true } },
    });
    // Another user sees none of it.
    const other = await kit.server.request<Page>('GET', '/api/user/security-events', { cookie: kit.user.cookie });
    expect(other.body.data.some((event) => event.subject?.id === target.id)).toBe(false);
  });

  it('records settings changes field by field, secrets masked', async () => {
    const newKey = 'creem_live_key_0123456789abcd';
    kit.secrets.add(newKey);
    const res = await kit.asAdmin('PUT', '/api/admin/settings', {
      body: { nanoBananaCredits: 7, creemApiKey: newKey, paypalClientSecret: null },
    });
    expect(res.status).toBe(200);
    const log = await auditLog('?action=settings.changed');
    const entry = log.body.data[0];
    expect(entry?.details).toEqual({
      nanoBananaCredits: { before: 2, after: 7 },
      creemApiKey: { before: `••••${SEEDED_SECRETS.creemApiKey.slice(-4)}`, after: '••••abcd' },
      paypalClientSecret: { before: `••••${SEEDED_SECRETS.paypalClientSecret.slice(-4)}`, after: null },
    });
    // Nothing is recorded when nothing changed.
    await kit.asAdmin('PUT', '/api/admin/settings', { body: { nanoBananaCredits: 7 } });
    expect((await auditLog('?action=settings.changed')).body.total).toBe(log.body.total);
  });

  it('records package, token and refund actions', async () => {
    const created = await kit.asAdmin<{ id: string }>('POST', '/api/admin/credit-packages', {
      body: { name: 'Audit pack', credits: 100, price: '4.99', bonus: 0, popular: false, isActive: true },
    });
    expect(created.status).toBe(201);
    await kit.asAdmin('PUT', `/api/admin/credit-packages/${created.body.id}`, { body: { credits: 120 } });
    const packages = await auditLog(`?kind=admin&actor=${kit.admin.username.toUpperCase()}`);
    const actions = packages.body.data.map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['package.created', 'package.updated']));
    expect(packages.body.data.find((event) => event.action === 'package.updated')?.details).toEqual({
      credits: { before: 100, after: 120 },
    });

    const owner = await kit.signedIn({ credits: 10 });
    const token = await kit.server.request<{ id: string }>('POST', '/api/user-tokens', { cookie: owner.cookie, body: { name: 'n8n' } });
    await kit.server.request('DELETE', `/api/user-tokens/${token.body.id}`, { cookie: owner.cookie });
    const task = await kit.createTask(owner.id);
    expect((await kit.asAdmin('POST', `/api/admin/refund/${task.taskId}`)).status).toBe(200);
    const events = await kit.server.request<Page>('GET', '/api/user/security-events', { cookie: owner.cookie });
    expect(events.body.data.map((event) => event.action)).toEqual(['token.deleted', 'token.created']);
    const refund = await auditLog(`?action=task.refunded&subject=${owner.username}`);
    expect(refund.body.data[0]?.details).toEqual({ taskId: task.taskId, credits: 2 });
  });

  it('filters by time and pages newest first', async () => {
    const all = await auditLog('?limit=2');
    expect(all.body.data).toHaveLength(2);
    expect(all.body.total).toBeGreaterThan(2);
    const [first, second] = all.body.data;
    expect(Date.parse(first?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(second?.at ?? ''));
    const future = await auditLog(`?from=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(future.body).toEqual({ data: [], total: 0 });
    const bad = await kit.asAdmin('GET', '/api/admin/audit-events?action=nothing.real');
    expect(bad.status).toBe(400);
  });
});

describe('append-only', () => {
  it('the database refuses to change, delete or truncate entries', async () => {
    const [row] = await em().find(AuditEvent, {}, { limit: 1 });
    expect(row).toBeDefined();
    await expect(em().execute(`update "audit_events" set "action" = 'x' where "id" = ?`, [row?.id])).rejects.toThrow(/append-only/);
    await expect(em().execute(`delete from "audit_events" where "id" = ?`, [row?.id])).rejects.toThrow(/append-only/);
    await expect(em().execute('truncate "audit_events"')).rejects.toThrow(/append-only/);
    expect(await em().count(AuditEvent, { id: row?.id })).toBe(1);
  });

  it('an action whose entry cannot be written does not happen', async () => {
    const target = await kit.signedIn({ credits: 5 });
    // Make every credits entry fail to insert: the adjustment must roll back with it.
    await em().execute(
      `alter table "audit_events" add constraint "no_credit_entries" check ("action" <> 'user.credits_adjusted') not valid`,
    );
    try {
      const res = await kit.asAdmin('PUT', `/api/admin/users/${target.id}/credits`, { body: { credits: 500 } });
      expect(res.status).toBe(500);
      expect((await em().findOneOrFail(User, { id: target.id })).credits).toBe(5);
    } finally {
      await em().execute(`alter table "audit_events" drop constraint "no_credit_entries"`);
    }
  });
});
