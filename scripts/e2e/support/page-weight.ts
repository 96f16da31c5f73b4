// What a first visit downloads, from Chromium's own network events: each page opened in a new context
// (an empty HTTP cache) against the built UI. Used by the budget test and by `pnpm bench:web`.
import type { Browser, Page } from 'playwright-core';
import { PHONE } from './browser.ts';

export interface WeighedRoute {
  path: string;
  /** Pages that need a session are opened signed in (the cookie passed to `weighRoute`). */
  signedIn: boolean;
  /** What shows that the page has rendered (default: its first `<h1>`). */
  ready?: (page: Page) => Promise<unknown>;
}

/** The product's main pages, each with its own budget (see web-budget.test.ts). */
export const MAIN_ROUTES: WeighedRoute[] = [
  { path: '/', signedIn: false },
  { path: '/generate', signedIn: false },
  { path: '/pricing', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/my-creations', signedIn: true },
  { path: '/api', signedIn: true },
  { path: '/admin', signedIn: true },
];

export interface PageWeight {
  route: string;
  requests: number;
  jsFiles: number;
  /** Scripts as transferred: encoded bodies plus response headers. */
  jsBytes: number;
  totalBytes: number;
  /** Bodies after decoding, to show what compression saved. */
  decodedBytes: number;
  readyMs: number;
  /** Each script's path and transferred bytes. */
  scripts: { url: string; bytes: number }[];
}

/** Network silence that counts as "the page has loaded everything it wanted". */
const QUIET_MS = 750;

export async function weighRoute(browser: Browser, baseUrl: string, route: WeighedRoute, cookie?: string): Promise<PageWeight> {
  // A new context has an empty HTTP cache: a first visit.
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  if (route.signedIn) {
    if (!cookie) throw new Error(`${route.path} needs a session cookie`);
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
  }
  const page = await context.newPage();
  const row: PageWeight = {
    route: route.path,
    requests: 0,
    jsFiles: 0,
    jsBytes: 0,
    totalBytes: 0,
    decodedBytes: 0,
    readyMs: 0,
    scripts: [],
  };
  // encodedDataLength is what came over the wire (headers included).
  const cdp = await context.newCDPSession(page);
  const scripts = new Map<string, string>();
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    // A signed-in page holds its events stream open for good: it is no load still in progress.
    if (event.type !== 'EventSource') inFlight.add(event.requestId);
    if (event.type === 'Script') scripts.set(event.requestId, new URL(event.request.url).pathname);
    lastActivity = Date.now();
  });
  cdp.on('Network.dataReceived', (event) => {
    row.decodedBytes += event.dataLength;
  });
  cdp.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFinished', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
    row.requests += 1;
    row.totalBytes += event.encodedDataLength;
    const script = scripts.get(event.requestId);
    if (script !== undefined) {
      row.jsFiles += 1;
      row.jsBytes += event.encodedDataLength;
      row.scripts.push({ url: script, bytes: event.encodedDataLength });
    }
  });
  await cdp.send('Network.enable');
  const started = Date.now();
  await page.goto(`${baseUrl}${route.path}`);
  await (route.ready ?? ((p: Page) => p.locator('h1').first().waitFor({ timeout: 30_000 })))(page);
  row.readyMs = Date.now() - started;
  // Wait until nothing has been asked for a while: lazy chunks and data requests count too. Any other request
  // that never ends must not hang the measurement: after a while the row is taken as it is.
  const deadline = Date.now() + 30_000;
  while ((inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await context.close();
  return row;
}

/**
 * Turns off the production rule that admins must have a second factor (the weighing servers run as production): the
 * admin the weighing signs in as has none, and /admin would send it to set one up instead of showing the dashboard.
 */
export async function weighAdminPagesWithoutSecondFactor(server: {
  orm: { em: { fork(): { execute(sql: string): Promise<unknown> } } };
}): Promise<void> {
  await server.orm.em.fork().execute('update "admin_settings" set "admins_require_second_factor" = false');
}
