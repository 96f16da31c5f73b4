import type { CurrentUserResponse, Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createUser, login, sessionCookieOf, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { Session } from '../session/session.entity.ts';

describe('PUT /api/user/change-password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const me = (cookie?: string) => server.request<z.infer<typeof CurrentUserResponse>>('GET', '/api/auth/current-user', { cookie });
  const change = (cookie: string | undefined, body: unknown) =>
    server.request<Problem & { message: string }>('PUT', '/api/user/change-password', { cookie, body });

  it('answers 401 to visitors', async () => {
    const res = await change(undefined, { currentPassword: 'whatever', newPassword: 'whatever2' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('answers 400 with pointers for a missing current password and a short new one', async () => {
    const cookie = await signIn(server, await createUser(server));
    const res = await change(cookie, { currentPassword: '', newPassword: '123' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/body/currentPassword', detail: 'Current password is required' },
        { pointer: '/body/newPassword', detail: 'Password must be at least 6 characters' },
      ]),
    );
  });

  it('answers 400 on /body/currentPassword when the current password is wrong, and changes nothing', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const res = await change(cookie, { currentPassword: 'not-it', newPassword: 'brand-new-1' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/body/currentPassword', detail: 'Current password is incorrect' }]);
    expect((await me(cookie)).body.user?.id).toBe(user.id);
    expect((await login(server, user.username, user.password)).response.status).toBe(200);
  });

  it('answers 400 on /body/newPassword when the new password is the current one, and changes nothing', async () => {
    const user = await createUser(server);
    const here = await signIn(server, user);
    const otherBrowser = await signIn(server, user);
    const res = await change(here, { currentPassword: user.password, newPassword: user.password });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/body/newPassword', detail: 'New password must be different from the current password' }]);
    // No session ended, no cookie rotated.
    expect(sessionCookieOf(res)).toBeUndefined();
    expect((await me(here)).body.user?.id).toBe(user.id);
    expect((await me(otherBrowser)).body.user?.id).toBe(user.id);
  });

  it('changes the password, ends every other session, rotates this one; old password fails, new one works', async () => {
    const user = await createUser(server);
    const here = await signIn(server, user);
    const otherBrowser = await signIn(server, user);
    const res = await change(here, { currentPassword: user.password, newPassword: 'brand-new-2' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed');

    const rotated = sessionCookieOf(res);
    expect(rotated).toMatch(/^sid=[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(here);
    expect((await me(rotated)).body.user?.id).toBe(user.id);
    expect((await me(here)).body.user).toBeNull();
    expect((await me(otherBrowser)).body.user).toBeNull();
    expect(await server.orm.em.fork().count(Session, { user: user.id })).toBe(1);

    expect((await login(server, user.username, user.password)).response.status).toBe(401);
    expect((await login(server, user.username, 'brand-new-2')).response.status).toBe(200);
  });

  it('an answer to a call still carrying the old id leaves the cookie alone, so it cannot undo the rotation', async () => {
    // The browser may get this answer after the change's own (both were in flight): a clearing Set-Cookie would then
    // delete the new id and sign the user out.
    const user = await createUser(server);
    const here = await signIn(server, user);
    const res = await change(here, { currentPassword: user.password, newPassword: 'brand-new-4' });
    const late = await me(here);
    expect(late.body.user).toBeNull();
    expect(late.cookies.filter((line) => line.startsWith('sid='))).toEqual([]);
    expect((await me(sessionCookieOf(res))).body.user?.id).toBe(user.id);
  });

  it('a malformed session cookie, which no answer of ours ever set, is still cleared', async () => {
    const res = await me('sid=not-a-session-id');
    expect(res.body.user).toBeNull();
    expect(res.cookies.find((line) => line.startsWith('sid='))).toMatch(/^sid=; Path=\/; Max-Age=0/);
  });
});
