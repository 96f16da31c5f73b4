// "The page has loaded what it shows": no request in flight (the live event stream aside) for a short while.
import type { Page, Request } from 'playwright-core';

const QUIET_MS = 300;

/** Counts the page's open requests from now on; `settled()` resolves once none has been open for QUIET_MS. */
export function trackQuiet(page: Page): { settled(timeout?: number): Promise<void> } {
  const open = new Set<Request>();
  let lastChange = performance.now();
  const counted = (request: Request) => request.resourceType() !== 'eventsource';
  page.on('request', (request) => {
    if (!counted(request)) return;
    open.add(request);
    lastChange = performance.now();
  });
  const done = (request: Request) => {
    if (open.delete(request)) lastChange = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled(timeout = 15_000) {
      const start = performance.now();
      while (open.size > 0 || performance.now() - lastChange < QUIET_MS) {
        if (performance.now() - start > timeout) throw new Error(`requests still open: ${[...open].map((r) => r.url()).join(', ')}`);
        await page.waitForTimeout(50);
      }
    },
  };
}
