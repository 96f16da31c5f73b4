// The session as the page shows it: a password change made on this page never shows the user signed out (the change
// ends the old session and its event stream before its answer brings the new cookie), while a session ended
// elsewhere (a sign-out with this browser's cookie, the password changed from another browser) turns every open tab
// to signed out within seconds.
import { createUser, signIn, type TestServer } from '@app/api/testing';
import type { Browser, Page, Response as PageResponse } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerAccount, openSignedInAs, toastWithTitle } from './support/account.ts';
import { expectHeading } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer());
});

afterAll(() => stopUiServer({ server, browser }));

/** Within this the page must show a session that ended elsewhere (the stream's reconnect comes 3 s after its end). */
const SIGNED_OUT_WITHIN_MS = 8_000;
/** How long the test holds the change's answer back at most (a slow network): past the stream's reconnect (3 s). */
const SLOW_ANSWER_MS = 6_000;

const live = (page: Page) => page.evaluate(() => document.documentElement.dataset.live);

async function openAccount(page: Page, username: string): Promise<void> {
  await page.goto(`${server.url}/my-account`);
  await expectHeading(page, 'My Account');
  await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
  // The stream is open: its end is what the page hears first.
  await expect.poll(() => live(page), { timeout: 10_000 }).toBe('true');
}

/** Whether the page shows the signed-out state: the header's "Sign In" link or the account page's sign-in prompt. */
const showsSignedOut = (page: Page) =>
  page.evaluate(
    () =>
      Boolean(document.querySelector('[data-testid="signin-prompt"]')) ||
      [...document.querySelectorAll('.header-account a')].some((link) => link.textContent?.trim() === 'Sign In'),
  );

describe('a password change on this page', () => {
  it('never shows the user signed out, even when the answer comes after the stream closed and its reconnect', async () => {
    const user = await createUser(server, { password: 'old-secret' });
    const { page, errors, close } = await openSignedInAs(browser, server, user);
    await openAccount(page, user.username);

    // The change's answer (with the new cookie) is held back until the page re-read the user meanwhile, or the
    // stream's reconnect was refused: the old session and its stream have ended by then, so both carried the old
    // cookie. The call goes out from here (not through the browser's cookie store) so the new cookie comes with the
    // answer.
    await page.route('**/api/user/change-password', async (route) => {
      const request = route.request();
      const staleAnswer = (response: PageResponse) => {
        const path = new URL(response.url()).pathname;
        return path === '/api/auth/current-user' || (path === '/api/events' && response.status() !== 200);
      };
      const reread = page.waitForResponse(staleAnswer, { timeout: SLOW_ANSWER_MS }).catch(() => undefined);
      const sent = await request.allHeaders();
      const response = await fetch(request.url(), {
        method: 'PUT',
        headers: { cookie: sent.cookie ?? '', origin: sent.origin ?? server.url, 'content-type': 'application/json' },
        body: request.postData(),
      });
      const body = await response.text();
      await reread;
      await route.fulfill({
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        headers: { 'set-cookie': response.headers.getSetCookie().join('\n') },
        body,
      });
    });

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password', { exact: true }).fill('old-secret');
    await dialog.getByLabel('New password', { exact: true }).fill('new-secret');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('new-secret');
    // Records every moment from here on: a signed-out frame lasting only a few milliseconds counts.
    await page.evaluate(() => {
      const flags = window as unknown as { signedOutSeen: boolean };
      const check = () => {
        flags.signedOutSeen ||=
          Boolean(document.querySelector('[data-testid="signin-prompt"]')) ||
          [...document.querySelectorAll('.header-account a')].some((link) => link.textContent?.trim() === 'Sign In');
      };
      flags.signedOutSeen = false;
      check();
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await dialog.getByRole('button', { name: 'Update password' }).click();
    await toastWithTitle(page, 'Password changed');
    await dialog.waitFor({ state: 'detached' });

    // Past the stream's reconnect, made with the new cookie: the user is still signed in.
    await expect.poll(() => live(page), { timeout: 10_000 }).toBe('true');
    await page.getByRole('button', { name: `Account menu for ${user.username}` }).waitFor();
    await page.getByTestId('profile').waitFor();
    expect(await page.evaluate(() => (window as unknown as { signedOutSeen: boolean }).signedOutSeen)).toBe(false);
    // And the new session is the one the browser holds.
    const [cookie] = await page.context().cookies();
    const me = await server.request<{ user: { username: string } | null }>('GET', '/api/auth/current-user', {
      cookie: `${cookie?.name}=${cookie?.value}`,
    });
    expect(me.body.user?.username).toBe(user.username);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a session ended elsewhere', () => {
  it('turns both open tabs to signed out when the password is changed from another browser', async () => {
    const user = await createUser(server, { password: 'old-secret' });
    const { page, close } = await openSignedInAs(browser, server, user);
    const second = await page.context().newPage();
    await openAccount(page, user.username);
    await openAccount(second, user.username);

    const elsewhere = await signIn(server, user);
    const res = await server.request('PUT', '/api/user/change-password', {
      cookie: elsewhere,
      body: { currentPassword: 'old-secret', newPassword: 'new-secret' },
    });
    expect(res.status).toBe(200);

    for (const tab of [page, second]) {
      await expect.poll(() => showsSignedOut(tab), { timeout: SIGNED_OUT_WITHIN_MS }).toBe(true);
      await headerAccount(tab).getByRole('link', { name: 'Sign In' }).waitFor();
      await tab.getByTestId('signin-prompt').waitFor();
    }
    await close();
  });

  it('turns the page to signed out when its own session is signed out through the API', async () => {
    const user = await createUser(server);
    const { page, close } = await openSignedInAs(browser, server, user);
    await openAccount(page, user.username);

    const [cookie] = await page.context().cookies();
    const res = await server.request('POST', '/api/auth/logout', { cookie: `${cookie?.name}=${cookie?.value}` });
    expect(res.status).toBe(204);

    await expect.poll(() => showsSignedOut(page), { timeout: SIGNED_OUT_WITHIN_MS }).toBe(true);
    await headerAccount(page).getByRole('link', { name: 'Sign In' }).waitFor();
    await page.getByTestId('signin-prompt').waitFor();
    await close();
  });
});
