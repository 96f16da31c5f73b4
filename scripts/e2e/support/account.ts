// Helpers of the account browser tests: pages that start signed in, the toast on screen, and the sign-in form.
import { signIn, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, openPage, type TrackedPage } from './browser.ts';

/** A fresh page whose browser already holds the user's session cookie (no login call, no rate limit). */
export async function openSignedInAs(
  browser: Browser,
  server: TestServer,
  user: { id: string } | null,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<TrackedPage> {
  const tracked = await openPage(browser, viewport);
  if (user) {
    const [name, value] = (await signIn(server, user)).split('=') as [string, string];
    await tracked.page.context().addCookies([{ name, value, url: server.url }]);
  }
  return tracked;
}

/** The toast on screen whose title is `title` (waits for it); its whole text. */
export async function toastWithTitle(page: Page, title: string): Promise<string> {
  const toast = page.locator('.ui-Toast').filter({ has: page.locator('.ui-Toast-title', { hasText: title }) });
  await toast.first().waitFor({ timeout: 15_000 });
  return (await toast.first().textContent()) ?? '';
}

/** Fills and submits the sign-in form of /login (the page must show it). */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** The header's account area on a desktop page. */
export const headerAccount = (page: Page) => page.locator('.header-account');

/** The saved auth state the spec names (`auth-storage`). */
export async function savedAuth(page: Page): Promise<{ user: { username: string } | null; isAuthenticated: boolean } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? 'null'));
}
