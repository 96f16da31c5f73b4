// The signed-in header: who sees which links, the credit badge and its refresh, and logout when the call fails.
import { createUser, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../api/src/modules/users/index.ts';
import { headerAccount, openSignedInAs, savedAuth } from './support/account.ts';
import { expectHeading, PHONE } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true }));
});

afterAll(() => stopUiServer({ server, browser }));

const navTexts = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link').allTextContents();
const USER_LINKS = ['Home', 'Generate', 'Pricing', 'My Creations', 'Boards', 'API', 'Contact'];

/** Client-side navigation the way a header link does it: same document, same SWR cache. */
const goClientSide = (page: Page, to: string) =>
  page.evaluate((target) => {
    history.pushState(null, '', target);
  }, to);

describe('header for signed-in users', () => {
  it('never shows History or Admin to a user, on desktop or in the phone menu', async () => {
    const member = await createUser(server, { username: 'member_one', credits: 7 });
    const desktop = await openSignedInAs(browser, server, member);
    for (const to of ['/', '/pricing', '/my-account', '/api']) {
      await desktop.page.goto(server.url + to);
      await headerAccount(desktop.page).getByTestId('credits-badge').waitFor();
      expect(await navTexts(desktop.page)).toEqual(USER_LINKS);
    }
    await desktop.close();

    const phone = await openSignedInAs(browser, server, member, PHONE);
    await phone.page.goto(server.url);
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.page.locator('#mobile-menu');
    await menu.getByTestId('credits-badge').waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual([...USER_LINKS, '7 credits', 'My Account']);
    expect(await menu.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'My Account' }).click();
    await expectHeading(phone.page, 'My Account');
    expect(await menu.count()).toBe(0);
    await phone.close();
  });

  it('shows History and Admin to an administrator, and the desktop header still fits on one line', async () => {
    const admin = await createUser(server, { username: 'admin_person', isAdmin: true, credits: 123456 });
    const desktop = await openSignedInAs(browser, server, admin);
    await desktop.page.goto(server.url);
    await headerAccount(desktop.page).getByTestId('credits-badge').waitFor();
    await expect.poll(() => navTexts(desktop.page)).toEqual([...USER_LINKS, 'History', 'Admin']);
    // Polled: the header settles once the late parts (fonts, the account menu's chunk) have arrived.
    const overlap = () =>
      desktop.page.evaluate(() => {
        const links = document.querySelectorAll('.header-nav .nav-link');
        const lastLink = links[links.length - 1]!.getBoundingClientRect();
        return lastLink.right - document.querySelector('.header-actions')!.getBoundingClientRect().left;
      });
    await expect.poll(overlap).toBeLessThanOrEqual(0);
    await desktop.close();

    const phone = await openSignedInAs(browser, server, admin, PHONE);
    await phone.page.goto(server.url);
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const links = await phone.page.locator('#mobile-menu').getByRole('link').allTextContents();
    expect(links).toEqual(expect.arrayContaining(['History', 'Admin', 'My Account']));
    await phone.close();
  });

  it('refreshes the badge at once when an account page asks for the user again (shared cache)', async () => {
    const user = await createUser(server, { credits: 30 });
    const { page, close } = await openSignedInAs(browser, server, user);
    await page.goto(server.url);
    const badge = headerAccount(page).getByTestId('credits-badge');
    await expect.poll(() => badge.textContent()).toBe('30 credits');
    await server.orm.em.fork().nativeUpdate(User, { id: user.id }, { credits: 45 });
    // SWR answers a request within its 500 ms dedupe window (swrDefaults) from the cache by design,
    // so the account page must ask after the header's own request has left that window.
    await page.waitForTimeout(600);
    await goClientSide(page, '/my-account');
    await expectHeading(page, 'My Account');
    // Well inside the 30 s poll: the remote's own request updated the header.
    await expect.poll(() => badge.textContent(), { timeout: 5_000 }).toBe('45 credits');
    expect(await page.getByTestId('profile-credits').textContent()).toBe('45');
    await close();
  });

  it("draws a returning user's account from the app's first frame, from the copy saved at the last visit", async () => {
    const user = await createUser(server, { username: 'returning_user', credits: 12 });
    const { page, close } = await openSignedInAs(browser, server, user);
    await page.goto(server.url);
    await expect.poll(() => savedAuth(page)).toMatchObject({ user: { username: 'returning_user' }, isAuthenticated: true });
    // Next visit: every frame the app draws is watched, and the server's answer waits until the account is shown.
    await page.addInitScript(() => {
      const flags = window as unknown as { signInSeen: boolean };
      flags.signInSeen = false;
      new MutationObserver(() => {
        flags.signInSeen ||= [...document.querySelectorAll('.header-account a')].some(
          (link) => link.textContent?.trim() === 'Sign In' && !link.closest('.first-paint'),
        );
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    let shownBeforeAnswer: boolean | undefined;
    await page.route('**/api/auth/current-user', async (route) => {
      shownBeforeAnswer = await headerAccount(page)
        .getByTestId('credits-badge')
        .waitFor({ timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      await route.continue();
    });
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/current-user');
    await page.reload();
    await answer;
    expect(shownBeforeAnswer).toBe(true);
    expect(await headerAccount(page).getByTestId('credits-badge').textContent()).toBe('12 credits');
    expect(await page.evaluate(() => (window as unknown as { signInSeen: boolean }).signInSeen)).toBe(false);
    await close();
  });

  it('shows 0 credits when the answer has no balance', async () => {
    const user = await createUser(server, { username: 'no_balance' });
    const { page, close } = await openSignedInAs(browser, server, user);
    await page.route('**/api/auth/current-user', (route) =>
      route.fulfill({
        json: {
          user: { id: user.id, username: 'no_balance', email: null, isAdmin: false, isActive: true, createdAt: new Date().toISOString() },
        },
      }),
    );
    await page.goto(server.url);
    await expect.poll(() => headerAccount(page).getByTestId('credits-badge').textContent()).toBe('0 credits');
    await close();
  });

  it('gives keyboard focus back to the account button when the menu closes, the first time too', async () => {
    const user = await createUser(server, { username: 'keyboard_user' });
    const { page, close } = await openSignedInAs(browser, server, user);
    await page.goto(`${server.url}/pricing`);
    const trigger = page.getByRole('button', { name: 'Account menu for keyboard_user' });
    const triggerFocused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    // The menu's code loads on this first use; its stand-in button gives way to the real one.
    for (const round of [1, 2]) {
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'My Account' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await expect.poll(triggerFocused, { message: `round ${round}` }).toBe('Account menu for keyboard_user');
    }
    await close();
  });

  it('logs out locally and goes home even when the logout call fails, logging "Logout failed:"', async () => {
    const user = await createUser(server, { username: 'stuck_session' });
    const { page, close } = await openSignedInAs(browser, server, user);
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await page.route('**/api/auth/logout', (route) => route.abort());
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('button', { name: 'Account menu for stuck_session' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await headerAccount(page).getByRole('link', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await savedAuth(page)).toEqual({ user: null, isAuthenticated: false });
    expect(consoleErrors.some((text) => text.startsWith('Logout failed:'))).toBe(true);
    await close();
  });
});
