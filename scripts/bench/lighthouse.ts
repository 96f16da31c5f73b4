// Lighthouse (mobile preset: Moto G-class phone, simulated slow 4G and CPU) on pages of a running server,
// through the system Chromium launched by Playwright with a DevTools port for Lighthouse to drive.
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export interface LighthouseRow {
  route: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

/** A free local port for Chromium's DevTools endpoint. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs each path; `cookie` (`name=value`) is sent with every request, for pages that need a session. */
export async function runLighthouse(
  baseUrl: string,
  paths: readonly string[],
  options: { cookie?: string; label?: string } = {},
): Promise<LighthouseRow[]> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${port}`],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of paths) {
      // The default configuration is the mobile preset; each run starts from an empty cache. A run that
      // fails to trace the page (a runtime error, no score) is run once more before the row counts as failed.
      const audit = () =>
        lighthouse(`${baseUrl}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(options.cookie && { extraHeaders: { Cookie: options.cookie } }),
        });
      const failed = (run: Awaited<ReturnType<typeof audit>>) =>
        !run || Boolean(run.lhr.runtimeError) || run.lhr.categories.performance?.score == null;
      let result = await audit();
      if (failed(result)) {
        console.warn(`Lighthouse failed on ${path} (${result?.lhr.runtimeError?.code ?? 'no score'}), running it again`);
        result = await audit();
      }
      if (!result || failed(result)) throw new Error(`Lighthouse failed on ${path}: ${result?.lhr.runtimeError?.message ?? 'no score'}`);
      const { categories, audits } = result.lhr;
      rows.push({
        route: options.label ? `${path} (${options.label})` : path,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
        fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? Number.NaN),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}
