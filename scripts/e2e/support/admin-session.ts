// The admin remote's browser tests: the API serving the host, the admin remote on its own origin, and
// pages that start signed in as a given user (a real session cookie on the API's origin).
import { type CreateUserOptions, createUser, signIn, startTestServer, type TestServer, type TestServerOptions } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, openPage, type TrackedPage } from './browser.ts';
import { type StaticServer, serveStatic } from './static-server.ts';
import { HOST_DIST, remoteDist } from './ui-build.ts';

export interface AdminStage {
  server: TestServer;
  /** Where the admin remote is served from: another port than the host and API. */
  adminOrigin: StaticServer;
  close(): Promise<void>;
}

/** The API with the built host, loading the admin remote from a different origin (CORS on). */
export async function startAdminStage(options: Pick<TestServerOptions, 'seed' | 'config' | 'studio'> = {}): Promise<AdminStage> {
  const adminOrigin = await serveStatic(remoteDist('admin'));
  const server = await startTestServer({ ...options, staticDir: HOST_DIST, remotes: { admin: `${adminOrigin.url}/remoteEntry.js` } });
  return {
    server,
    adminOrigin,
    close: async () => {
      await server.close();
      await adminOrigin.close();
    },
  };
}

export interface SignedInUser {
  id: string;
  username: string;
  cookie: string;
}

/** A user straight in the database with a session (no login rate limits). */
export async function signedInUser(server: TestServer, options: CreateUserOptions = {}): Promise<SignedInUser> {
  const user = await createUser(server, options);
  return { id: user.id, username: user.username, cookie: await signIn(server, user) };
}

/** A fresh browser context carrying the user's session cookie for the API's origin. */
export async function openSignedIn(
  browser: Browser,
  server: TestServer,
  user: SignedInUser | null,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<TrackedPage> {
  const tracked = await openPage(browser, viewport);
  if (user) {
    const [name, value] = user.cookie.split('=') as [string, string];
    await tracked.page.context().addCookies([{ name, value, url: server.url }]);
  }
  return tracked;
}

/** Waits for the one toast on screen to have exactly `title` as its title and returns its whole text. */
export async function toastText(page: Page, title: string): Promise<string> {
  // Exact, so 'Telegram Test' does not also accept 'Telegram Test Failed'.
  const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const toast = page.locator('.ui-Toast').filter({ has: page.locator('.ui-Toast-title', { hasText: exact }) });
  await toast.first().waitFor({ timeout: 15_000 });
  return (await toast.first().textContent()) ?? '';
}

/** Client-side navigation the way a header link does it (same document, shared SWR cache). */
export async function goClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
  }, path);
}
