// Helpers for the studio browser tests: a signed-in page, the toast on screen and the task cards.
import { createUser, signIn, type TestServer } from '@app/api/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
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

/**
 * Creates `count` text-to-image tasks through the API, prompted `<prompt> 1` to `<prompt> <count>`, and waits until the
 * user's tasks are all completed.
 */
export async function seedTasks(server: TestServer, session: Pick<SignedInPage, 'cookie'>, count: number, prompt: string): Promise<void> {
  for (let i = 1; i <= count; i++) {
    const res = await server.request('POST', '/api/generate-image', {
      cookie: session.cookie,
      headers: { origin: server.url },
      body: { prompt: `${prompt} ${i}`, model: 'nano_banana', generationType: 'text_to_image' },
    });
    expect(res.status).toBe(202);
  }
  const statuses = async () =>
    (await server.request<{ tasks: { status: string }[] }>('GET', '/api/image-tasks?limit=50', { cookie: session.cookie })).body.tasks.map(
      (task) => task.status,
    );
  await expect
    .poll(async () => (await statuses()).filter((status) => status !== 'completed').length, { timeout: 60_000, interval: 500 })
    .toBe(0);
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
