// Helpers for the studio browser tests: a signed-in page, the toast on screen and the task cards.
import { createUser, signIn, type TestServer } from '@app/api/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, openPage, type TrackedPage } from './browser.ts';

export interface SignedInPage extends TrackedPage {
  user: { id: string; username: string };
  /** The session as a `Cookie` header value, for API calls made by the test itself. */
  cookie: string;
}

/** A fresh browser context signed in (session cookie) as a new user with `credits`. */
export async function signedInPage(
  browser: Browser,
  server: TestServer,
  credits: number,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<SignedInPage> {
  const user = await createUser(server, { credits });
  const cookie = await signIn(server, user);
  const tracked = await openPage(browser, viewport);
  const [name, value] = cookie.split('=') as [string, string];
  await tracked.page.context().addCookies([{ name, value, url: server.url }]);
  return { ...tracked, user, cookie };
}

/** The one toast on screen (the kit shows one at a time). */
export const toastOf = (page: Page): Locator => page.locator('.ui-Toast').first();

/** A task card in a grid, by our task id. */
export const cardOf = (page: Page, taskId: string): Locator => page.locator(`.studio-task-card[data-task-id="${taskId}"]`);

/** The Image Details dialog. */
export const detailsDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Image Details' });

/** The first bytes of PNG, JPEG and WebP files. */
export function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | undefined {
  const hex = Buffer.from(bytes.subarray(0, 12)).toString('hex');
  if (hex.startsWith('89504e470d0a1a0a')) return 'png';
  if (hex.startsWith('ffd8ff')) return 'jpeg';
  if (hex.startsWith('52494646') && hex.slice(16, 24) === '57454250') return 'webp';
  return undefined;
}
