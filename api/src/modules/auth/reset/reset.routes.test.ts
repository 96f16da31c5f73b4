import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEvent } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { linkIn, startSmtpServer, type TestInbox } from '../../../../test/smtp-server.ts';
import { User } from '../../users/index.ts';

let server: TestServer;
let inbox: TestInbox;
beforeAll(async () => {
  inbox = await startSmtpServer();
  server = await startTestServer({
    config: {
      mail: { smtpUrl: inbox.url, from: 'Studio <no-reply@studio.test>', outboxDir: '' },
      // Resets are limited per address like sign-ups; this file asks for more than the default 10.
      authRateLimits: { windowMs: 900_000, loginPerIp: 100, loginPerUsername: 10, registerPerIp: 100 },
    },
  });
});
afterAll(async () => {
  await server?.close();
  await inbox?.close();
});

const mailSent = () => server.app.context.services.accountMail?.idle();
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const em = () => server.orm.em.fork();

async function verifiedUser(email: string) {
  const user = await createUser(server, { email });
  await em().nativeUpdate(User, { id: user.id }, { emailVerifiedAt: new Date() });
  return user;
}

describe('email verification', () => {
  it('a sign-up with an email gets a link; following it verifies the address, once', async () => {
    const since = inbox.mails.length;
    const res = await server.request('POST', '/api/auth/register', {
      body: { username: 'verify_me', email: 'Verify.Me@example.com', password: 'secret123' },
    });
    expect(res.status).toBe(201);
    const mail = await inbox.next('Verify.Me@example.com', { since, subject: /verify/i });
    expect(mail.text).toContain('verify_me');
    const link = linkIn(mail, '/login/verify-email');
    expect(link.startsWith(server.url)).toBe(true);

    const user = await em().findOneOrFail(User, { username: 'verify_me' });
    expect(user.emailVerifiedAt).toBeNull();
    const verified = await server.request('POST', '/api/auth/email/verify', { body: { token: tokenOf(link) } });
    expect(verified.status).toBe(200);
    expect((await em().findOneOrFail(User, { id: user.id })).emailVerifiedAt).toBeInstanceOf(Date);

    const again = await server.request<{ code: string; errors: { pointer: string }[] }>('POST', '/api/auth/email/verify', {
      body: { token: tokenOf(link) },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('link_invalid');
    expect(again.body.errors[0]?.pointer).toBe('/body/token');
  });

  it('can be asked for again from My Account; a link for a replaced address proves nothing', async () => {
    const user = await createUser(server, { email: 'old@example.com' });
    const cookie = await signIn(server, user);
    const since = inbox.mails.length;
    const asked = await server.request('POST', '/api/user/email/verification', { cookie });
    expect(asked.status).toBe(202);
    const link = linkIn(await inbox.next('old@example.com', { since }), '/login/verify-email');
    await em().nativeUpdate(User, { id: user.id }, { email: 'new@example.com' });
    const res = await server.request('POST', '/api/auth/email/verify', { body: { token: tokenOf(link) } });
    expect(res.status).toBe(400);
    expect((await em().findOneOrFail(User, { id: user.id })).emailVerifiedAt).toBeNull();
  });

  it('an account without an email gets 409 no_email', async () => {
    const cookie = await signIn(server, await createUser(server));
    const res = await server.request<{ code: string }>('POST', '/api/user/email/verification', { cookie });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('no_email');
  });
});

describe('forgot password', () => {
  it('answers the same for an unknown, an unverified and a verified address, and mails only the verified one', async () => {
    await createUser(server, { email: 'unverified@example.com' });
    await verifiedUser('known@example.com');
    const since = inbox.mails.length;
    const answers = await Promise.all(
      ['nobody@example.com', 'unverified@example.com', 'KNOWN@example.com'].map((email) =>
        server.request('POST', '/api/auth/password-reset', { body: { email } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    await mailSent();
    expect(inbox.mails.slice(since).map((mail) => mail.to)).toEqual(['known@example.com']);
  });

  it('the link sets a new password once and ends every session', async () => {
    const user = await verifiedUser('reset.me@example.com');
    const sessions = [await signIn(server, user), await signIn(server, user)];
    const since = inbox.mails.length;
    await server.request('POST', '/api/auth/password-reset', { body: { email: 'reset.me@example.com' } });
    const mail = await inbox.next('reset.me@example.com', { since, subject: /reset/i });
    expect(mail.text).toMatch(/30 minutes/);
    const token = tokenOf(linkIn(mail, '/login/reset-password'));

    const done = await server.request('POST', '/api/auth/password-reset/complete', { body: { token, newPassword: 'brand-new-pass' } });
    expect(done.status).toBe(200);
    for (const cookie of sessions) {
      const who = await server.request<{ user: unknown }>('GET', '/api/auth/current-user', { cookie });
      expect(who.body.user).toBeNull();
    }
    expect((await login(server, user.username, user.password)).response.status).toBe(401);
    const fresh = await login(server, user.username, 'brand-new-pass');
    expect(fresh.response.status).toBe(200);

    const reused = await server.request('POST', '/api/auth/password-reset/complete', { body: { token, newPassword: 'another-pass' } });
    expect(reused.status).toBe(400);
    const events = await server.request<{ data: AuditEvent[] }>('GET', '/api/user/security-events', { cookie: fresh.cookie });
    expect(events.body.data.map((event) => event.action)).toContain('password.reset');
    // The verified address hears about it.
    await inbox.next('reset.me@example.com', { since, subject: /security alert/i });
  });

  it('refuses an expired link and one replaced by a newer mail', async () => {
    const user = await verifiedUser('late@example.com');
    let since = inbox.mails.length;
    await server.request('POST', '/api/auth/password-reset', { body: { email: 'late@example.com' } });
    const first = tokenOf(linkIn(await inbox.next('late@example.com', { since }), '/login/reset-password'));
    since = inbox.mails.length;
    await server.request('POST', '/api/auth/password-reset', { body: { email: 'late@example.com' } });
    const second = tokenOf(linkIn(await inbox.next('late@example.com', { since }), '/login/reset-password'));

    const replaced = await server.request('POST', '/api/auth/password-reset/complete', {
      body: { token: first, newPassword: 'whatever1' },
    });
    expect(replaced.status).toBe(400);
    await em().execute(`update "account_links" set "expires_at" = now() - interval '1 second' where "user_id" = ?`, [user.id]);
    const expired = await server.request('POST', '/api/auth/password-reset/complete', {
      body: { token: second, newPassword: 'whatever1' },
    });
    expect(expired.status).toBe(400);
    expect((await login(server, user.username, user.password)).response.status).toBe(200);
  });

  it('stores only a hash of the link', async () => {
    await verifiedUser('hashed@example.com');
    const since = inbox.mails.length;
    await server.request('POST', '/api/auth/password-reset', { body: { email: 'hashed@example.com' } });
    const token = tokenOf(linkIn(await inbox.next('hashed@example.com', { since }), '/login/reset-password'));
    const rows = await em().execute<{ token_hash: string }[]>('select "token_hash" from "account_links"');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    const jobs = await em().execute<{ data: unknown }[]>(`select "data" from pgboss.job where "name" = 'account-mail'`);
    expect(JSON.stringify(jobs)).not.toContain(token);
  });
});

describe('without SMTP', () => {
  it('writes the mail to the outbox folder', async () => {
    const local = await startTestServer();
    try {
      const user = await createUser(local, { email: 'outbox@example.com' });
      await local.orm.em.fork().nativeUpdate(User, { id: user.id }, { emailVerifiedAt: new Date() });
      await local.request('POST', '/api/auth/password-reset', { body: { email: 'outbox@example.com' } });
      await local.app.context.services.accountMail?.idle();
      const dir = local.config.mail.outboxDir;
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      const eml = await readFile(join(dir, files[0] ?? ''), 'utf8');
      expect(eml).toMatch(/^To: outbox@example.com$/m);
      expect(eml).toContain('/login/reset-password?token=');
    } finally {
      await local.close();
    }
  });
});
