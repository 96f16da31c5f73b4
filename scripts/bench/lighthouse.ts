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

export async function runLighthouse(baseUrl: string, paths: readonly string[]): Promise<LighthouseRow[]> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${port}`],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of paths) {
      // The default configuration is the mobile preset; each run starts from an empty cache.
      const result = await lighthouse(`${baseUrl}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      rows.push({
        route: path,
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
