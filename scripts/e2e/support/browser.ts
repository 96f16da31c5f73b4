// The system Chromium through playwright-core, with the flags that work offline in CI containers.
import { type Browser, chromium, type Page, type Request } from 'playwright-core';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 860 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface TrackedPage {
  page: Page;
  /** Every request URL the page made, in order. */
  requests: string[];
  /** Uncaught page errors (a remote crashing the shell shows up here). */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh context (no shared storage) whose requests and page errors are recorded. */
export async function openPage(browser: Browser, viewport: { width: number; height: number } = DESKTOP): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request: Request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, requests, errors, close: () => context.close() };
}

/**
 * Holds the page's requests to `url` (a glob) in the browser until the returned `release` is called, the way a slow
 * network would, so what the page shows meanwhile can be looked at.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * What only React's and React DOM's own code does: a script that matches carries its own copy (a remote's share
 * wrappers read these names off the host's React, never set them).
 */
export const REACT_DEFINITIONS = [
  /\.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=[^=]/,
  /\.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=[^=]/,
];

/**
 * Waits until the page's `<h1>` reads exactly `text` (remote pages may take a moment to load), drawn by the app:
 * not the HTML's inert first frame, nor a loading section's stand-in (hidden from assistive technology).
 */
export async function expectHeading(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).and(page.locator(':not([inert] *)')).waitFor({ timeout });
}
