// What a first visit downloads: each main page opened in Chromium with a cold cache, against the built UI
// served by the real API (as deployed: production mode). Build first (`pnpm build`), then:
//   pnpm bench:web                         prints the table
//   pnpm bench:web --save before.json      also keeps the numbers
//   pnpm bench:web --compare before.json   adds the ratio of each number to the saved one
// Bytes are as transferred (encoded bodies plus response headers), from Chromium's own network events;
// "decoded" is the bodies after decompression.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createUser, signIn, startTestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from '../e2e/support/browser.ts';
import { assertUiBuilt, HOST_DIST } from '../e2e/support/ui-build.ts';

interface Route {
  path: string;
  /** Pages that need a session are opened signed in as an administrator. */
  signedIn: boolean;
  /** What shows that the page has rendered (default: its first `<h1>`). */
  ready?: (page: Page) => Promise<unknown>;
}

const ROUTES: Route[] = [
  { path: '/', signedIn: false },
  { path: '/generate', signedIn: false },
  { path: '/pricing', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/my-creations', signedIn: true },
  { path: '/api', signedIn: true },
  { path: '/admin', signedIn: true },
  // The API reference (Scalar), for integrators.
  {
    path: '/api/docs',
    signedIn: false,
    ready: (page) => page.getByText('Liveness and database check').first().waitFor({ state: 'attached', timeout: 60_000 }),
  },
];

/** Network silence that counts as "the page has loaded everything it wanted". */
const QUIET_MS = 750;

interface Row {
  route: string;
  requests: number;
  jsFiles: number;
  jsBytes: number;
  totalBytes: number;
  /** Bodies after decoding, to show what compression saved. */
  decodedBytes: number;
  readyMs: number;
  /** Each script's path and transferred bytes, for `--files`. */
  scripts: { url: string; bytes: number }[];
}

const { values: args } = parseArgs({ options: { save: { type: 'string' }, compare: { type: 'string' }, files: { type: 'boolean' } } });

async function measure(browser: Browser, baseUrl: string, route: Route, cookie: string): Promise<Row> {
  // A new context has an empty HTTP cache: a first visit.
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  if (route.signedIn) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
  }
  const page = await context.newPage();
  const row: Row = { route: route.path, requests: 0, jsFiles: 0, jsBytes: 0, totalBytes: 0, decodedBytes: 0, readyMs: 0, scripts: [] };
  // Chromium's network events: encodedDataLength is what came over the wire (headers included).
  const cdp = await context.newCDPSession(page);
  const scripts = new Map<string, string>();
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
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
    if (scripts.has(event.requestId)) {
      row.jsFiles += 1;
      row.jsBytes += event.encodedDataLength;
      row.scripts.push({ url: scripts.get(event.requestId) ?? '', bytes: event.encodedDataLength });
    }
  });
  await cdp.send('Network.enable');
  const started = Date.now();
  await page.goto(`${baseUrl}${route.path}`);
  await (route.ready ?? ((p: Page) => p.locator('h1').first().waitFor({ timeout: 30_000 })))(page);
  row.readyMs = Date.now() - started;
  // Poll until nothing has been asked for a while: lazy chunks and data requests count too. A request that
  // never ends (a stream) must not hang the bench: after a while the row is taken as it is.
  const deadline = Date.now() + 30_000;
  while ((inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await context.close();
  return row;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

assertUiBuilt();
const server = await startTestServer({ staticDir: HOST_DIST, seed: true, config: { logLevel: 'silent', isProduction: true } });
const browser = await launchBrowser();
const rows: Row[] = [];
try {
  const admin = await createUser(server, { isAdmin: true, credits: 100 });
  const cookie = await signIn(server, admin);
  for (const route of ROUTES) rows.push(await measure(browser, server.url, route, cookie));
} finally {
  await browser.close();
  await server.close();
}

if (args.files) {
  for (const row of rows) {
    console.log(`\n${row.route}`);
    for (const script of [...row.scripts].sort((a, b) => b.bytes - a.bytes))
      console.log(`  ${kb(script.bytes).padStart(7)} KB  ${script.url}`);
  }
}
if (args.save) writeFileSync(args.save, `${JSON.stringify(rows, null, 2)}\n`);
const before = args.compare ? new Map((JSON.parse(readFileSync(args.compare, 'utf8')) as Row[]).map((row) => [row.route, row])) : undefined;
const ratio = (now: number, then: number | undefined) => (then ? (now / then).toFixed(2) : '-');

console.log(`\nCold first visit, phone viewport, production mode, Chromium; KB = 1024 bytes transferred`);
console.table(
  rows.map((row) => {
    const old = before?.get(row.route);
    return {
      route: row.route,
      requests: row.requests,
      'JS files': row.jsFiles,
      'JS KB': kb(row.jsBytes),
      'total KB': kb(row.totalBytes),
      'decoded KB': kb(row.decodedBytes),
      'ready ms': row.readyMs,
      ...(before && { 'JS KB ratio': ratio(row.jsBytes, old?.jsBytes), 'total ratio': ratio(row.totalBytes, old?.totalBytes) }),
    };
  }),
);
