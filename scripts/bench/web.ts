// What a first visit downloads: each main page opened in Chromium with a cold cache, against the built UI
// served by the real API (as deployed: production mode). Build first (`pnpm build`), then:
//   pnpm bench:web                         prints the table
//   pnpm bench:web --save before.json      also keeps the numbers
//   pnpm bench:web --compare before.json   adds the ratio of each number to the saved one
//   pnpm bench:web --files                 also lists every script per page with its size
//   pnpm bench:web --lighthouse            also runs Lighthouse (mobile preset) on /, /generate, /pricing and /admin
// /admin is also measured with the admin remote served on its own origin (its build's brotli copies, CORS),
// as README's "Deploying the admin remote on its own origin" describes.
// Bytes are as transferred (encoded bodies plus response headers), from Chromium's own network events;
// "decoded" is the bodies after decompression.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createUser, signIn, startTestServer } from '@app/api/testing';
import { launchBrowser } from '../e2e/support/browser.ts';
import {
  MAIN_ROUTES,
  type PageWeight,
  type WeighedRoute,
  weighAdminPagesWithoutSecondFactor,
  weighRoute,
} from '../e2e/support/page-weight.ts';
import { serveStatic } from '../e2e/support/static-server.ts';
import { assertUiBuilt, HOST_DIST, remoteDist } from '../e2e/support/ui-build.ts';
import { type LighthouseRow, runLighthouse } from './lighthouse.ts';

const ROUTES: WeighedRoute[] = [
  ...MAIN_ROUTES,
  // The API reference (Scalar), for integrators.
  {
    path: '/api/docs',
    signedIn: false,
    ready: (page) => page.getByText('Liveness and database check').first().waitFor({ state: 'attached', timeout: 60_000 }),
  },
];

type Row = PageWeight;

const { values: args } = parseArgs({
  options: { save: { type: 'string' }, compare: { type: 'string' }, files: { type: 'boolean' }, lighthouse: { type: 'boolean' } },
});

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

assertUiBuilt();
const server = await startTestServer({ staticDir: HOST_DIST, seed: true, config: { logLevel: 'silent', isProduction: true } });
const browser = await launchBrowser();
const rows: Row[] = [];
let lighthouseRows: LighthouseRow[] = [];
try {
  await weighAdminPagesWithoutSecondFactor(server);
  const admin = await createUser(server, { isAdmin: true, credits: 100 });
  const cookie = await signIn(server, admin);
  for (const route of ROUTES) rows.push(await weighRoute(browser, server.url, route, cookie));
  if (args.lighthouse) {
    lighthouseRows = await runLighthouse(server.url, ['/', '/generate', '/pricing']);
    lighthouseRows.push(...(await runLighthouse(server.url, ['/admin'], { cookie })));
  }
} finally {
  await server.close();
}

// The admin remote on its own origin: the host and API here, the remote's files from another server.
const adminOrigin = await serveStatic(remoteDist('admin'), { precompressed: true });
const adminStage = await startTestServer({
  staticDir: HOST_DIST,
  seed: true,
  remotes: { admin: `${adminOrigin.url}/remoteEntry.js` },
  config: { logLevel: 'silent', isProduction: true },
});
try {
  await weighAdminPagesWithoutSecondFactor(adminStage);
  const cookie = await signIn(adminStage, await createUser(adminStage, { isAdmin: true, credits: 100 }));
  const adminRoute = MAIN_ROUTES.find((route) => route.path === '/admin');
  if (!adminRoute) throw new Error('no /admin route');
  rows.push({ ...(await weighRoute(browser, adminStage.url, adminRoute, cookie)), route: '/admin (admin origin)' });
  if (args.lighthouse) lighthouseRows.push(...(await runLighthouse(adminStage.url, ['/admin'], { cookie, label: 'admin origin' })));
} finally {
  await browser.close();
  await adminStage.close();
  await adminOrigin.close();
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

if (lighthouseRows.length) {
  console.log('\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown)');
  console.table(
    lighthouseRows.map((row) => ({
      route: row.route,
      performance: row.performance,
      accessibility: row.accessibility,
      'LCP ms': row.lcpMs,
      'TBT ms': row.tbtMs,
      CLS: row.cls,
      'FCP ms': row.fcpMs,
    })),
  );
}
