// Who may see the admin remote: administrators get the dashboard and /history (loaded from the remote's own
// origin); everyone else gets Access Denied and a redirect home, or Authentication Required on /history.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminStage, openSignedIn, type SignedInUser, signedInUser, startAdminStage, toastText } from './support/admin-session.ts';
import { expectHeading, launchBrowser, PHONE } from './support/browser.ts';
import { assertUiBuilt } from './support/ui-build.ts';

let stage: AdminStage;
let browser: Browser;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  assertUiBuilt();
  stage = await startAdminStage();
  admin = await signedInUser(stage.server, { isAdmin: true });
  member = await signedInUser(stage.server);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stage?.close();
});

describe('admin access', () => {
  it('gives an administrator the dashboard, with the remote and all its chunks from its own origin', async () => {
    const { page, requests, errors, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin`);
    await expectHeading(page, 'Admin Dashboard');
    const sections = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    expect(await sections.allInnerTexts()).toEqual([
      expect.stringContaining('API Settings'),
      expect.stringContaining('Credit Packages'),
      expect.stringContaining('KIE API Management'),
      expect.stringContaining('Image Recovery'),
      expect.stringContaining('User Management'),
      expect.stringContaining('Security & Audit'),
    ]);

    const fromAdminOrigin = requests.filter((url) => url.startsWith(stage.adminOrigin.url));
    expect(fromAdminOrigin).toContain(`${stage.adminOrigin.url}/remoteEntry.js`);
    expect(fromAdminOrigin.some((url) => url.startsWith(`${stage.adminOrigin.url}/assets/`))).toBe(true);
    expect(requests.filter((url) => url.startsWith(`${stage.server.url}/remotes/admin/`))).toEqual([]);
    // The remote runs inside the host page, so its API calls go to the host's (the API's) origin. Polled: the open
    // section's code (and so its first call) may still be on its way when the tabs show.
    await expect.poll(() => requests).toContain(`${stage.server.url}/api/admin/settings`);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the chosen section in the address, so a reload opens it again', async () => {
    const { page, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin`);
    await page.getByRole('tab', { name: /User Management/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?section=users');
    await page.reload();
    await expectHeading(page, 'Admin Dashboard');
    expect(await page.getByRole('tab', { name: /User Management/ }).getAttribute('aria-selected')).toBe('true');
    await close();
  });

  it('tells a signed-in non-admin Access Denied and sends them home', async () => {
    const { page, requests, close } = await openSignedIn(browser, stage.server, member);
    await page.goto(`${stage.server.url}/admin`);
    expect(await toastText(page, 'Access Denied')).toContain('Admin access required');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expectHeading(page, 'Create and edit stunning images with Nano Banana AI');
    // The dashboard never asked for admin data on the way.
    expect(requests.filter((url) => url.includes('/api/admin/'))).toEqual([]);
    await close();
  });

  it('also turns a visitor away from /admin without calling any admin endpoint', async () => {
    const { page, requests, close } = await openSignedIn(browser, stage.server, null);
    await page.goto(`${stage.server.url}/admin`);
    expect(await toastText(page, 'Access Denied')).toContain('Admin access required');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(requests.filter((url) => url.includes('/api/admin/'))).toEqual([]);
    await close();
  });

  it('asks a visitor on /history to log in, and the Log In button leads to /login', async () => {
    const { page, close } = await openSignedIn(browser, stage.server, null);
    await page.goto(`${stage.server.url}/history`);
    await expectHeading(page, 'Authentication Required');
    const logIn = page.getByRole('link', { name: 'Log In' });
    expect(await logIn.getAttribute('href')).toBe('/login');
    await logIn.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await close();
  });

  it('tells a signed-in non-admin on /history that admin access is required, with Go Home', async () => {
    const { page, requests, close } = await openSignedIn(browser, stage.server, member, PHONE);
    await page.goto(`${stage.server.url}/history`);
    await expectHeading(page, 'Authentication Required');
    expect(await page.getByTestId('history-auth-required').textContent()).toContain('Admin access is required');
    expect(await page.getByRole('link', { name: 'Log In' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(requests.filter((url) => url.includes('/api/admin/'))).toEqual([]);
    await close();
  });

  it('does not open the dashboard on a saved copy that says admin: only the server counts', async () => {
    const { page, requests, close } = await openSignedIn(browser, stage.server, member);
    // The browser remembers this user as an administrator (an older visit, a hand-edited storage).
    await page.addInitScript(
      ({ id, username }) =>
        localStorage.setItem(
          'auth-storage',
          JSON.stringify({
            user: { id, username, email: null, credits: 5, isAdmin: true, isActive: true, createdAt: '2024-05-01T10:00:00.000Z' },
            isAuthenticated: true,
          }),
        ),
      { id: member.id, username: member.username },
    );
    // The server's answer is held until the admin page is on screen, so the saved copy has its chance.
    await page.route('**/api/auth/current-user', async (route) => {
      await page
        .getByTestId('admin-loading')
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      await route.continue();
    });
    await page.goto(`${stage.server.url}/admin`);
    expect(await toastText(page, 'Access Denied')).toContain('Admin access required');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(requests.filter((url) => url.includes('/api/admin/'))).toEqual([]);
    await close();
  });
});
