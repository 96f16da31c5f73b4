// Each page's first frame comes in the HTML (shells/host/build/firstPaint.ts): the header and the page's head
// paint before any script runs, in the language the app then picks, and the app draws the same in their place.
import type { TestServer } from '@app/api/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true }));
});

afterAll(() => stopUiServer({ server, browser }));

/** What a page shows at the top: the document's language and title, the page's heading and subtitle. */
function pageHead(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    h1: document.querySelector('main h1')?.textContent ?? null,
    subtitle: document.querySelector('main .ui-PageHeader-subtitle, main .hero-subtitle')?.textContent ?? null,
  }));
}

/** Waits until the app has drawn the page: a remote's section no longer shows its skeleton. */
async function appDrawn(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await expect.poll(() => page.locator('.remote-skeleton, .first-paint').count(), { timeout: 20_000 }).toBe(0);
}

async function withContext<T>(
  options: { locale: string; javaScriptEnabled: boolean },
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ viewport: PHONE, ...options });
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}

describe('first paint from the HTML', () => {
  const PAGES = ['/', '/generate', '/pricing', '/contact', '/purchase-credits', '/no-such-page'];

  // One test per language, each with room for its twelve page loads on a busy machine.
  it.each(['en-US', 'vi-VN'])(
    "paints the page's head before any script, as the app then draws it, in %s",
    { timeout: 120_000 },
    async (locale) => {
      for (const path of PAGES) {
        const painted = await withContext({ locale, javaScriptEnabled: false }, async (context) => {
          const page = await context.newPage();
          await page.goto(server.url + path);
          return pageHead(page);
        });
        const drawn = await withContext({ locale, javaScriptEnabled: true }, async (context) => {
          const page = await context.newPage();
          await page.goto(server.url + path);
          await appDrawn(page);
          return pageHead(page);
        });
        expect(painted.h1, `${locale} ${path}`).toBeTruthy();
        expect(painted, `${locale} ${path}`).toEqual(drawn);
      }
    },
  );

  it('keeps the heading on screen from the first paint until the page is drawn, with no layout shift', async () => {
    for (const path of ['/', '/generate', '/pricing']) {
      await withContext({ locale: 'en-US', javaScriptEnabled: true }, async (context) => {
        await context.addInitScript(() => {
          const record = { shift: 0, seen: null as string | null, fromHtml: false, gaps: [] as (string | null)[] };
          Object.assign(window, { firstPaint: record });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!entry.hadRecentInput) record.shift += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          // After every DOM change (before the next paint): the heading first seen must still be there.
          new MutationObserver(() => {
            const heading = document.querySelector('main h1');
            const text = heading?.textContent ?? null;
            if (record.seen === null && text !== null) {
              record.seen = text;
              // The HTML's frame is wrapped in `.first-paint`; the app's render is not.
              record.fromHtml = heading?.closest('.first-paint') != null;
            } else if (text !== record.seen) record.gaps.push(text);
          }).observe(document, { childList: true, subtree: true, characterData: true });
        });
        const page = await context.newPage();
        await page.goto(server.url + path);
        await appDrawn(page);
        const record = await page.evaluate(
          () =>
            (window as unknown as { firstPaint: { shift: number; seen: string | null; fromHtml: boolean; gaps: unknown[] } }).firstPaint,
        );
        expect(record.seen, path).toBeTruthy();
        expect(record.fromHtml, path).toBe(true);
        expect(record.gaps, path).toEqual([]);
        expect(record.shift, path).toBeLessThan(0.01);
      });
    }
  });

  it('/pricing does not shift when it learns who is looking after its page has mounted', async () => {
    // The sign-in prompt (or a member's stat cards) sits above the packages: held back until the billing page is on
    // screen, the answer must not push the packages down.
    await withContext({ locale: 'en-US', javaScriptEnabled: true }, async (context) => {
      await context.addInitScript(() => {
        const record = { shift: 0 };
        Object.assign(window, { shifts: record });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) record.shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      let held = 0;
      await page.route('**/api/auth/current-user', async (route) => {
        held += 1;
        await page.locator('.billing-page').waitFor({ timeout: 15_000 });
        await route.continue();
      });
      await page.goto(`${server.url}/pricing`);
      await page.getByTestId('credit-package').first().waitFor();
      await page.getByRole('heading', { name: 'Sign in to buy credits' }).waitFor();
      expect(held).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { shifts: { shift: number } }).shifts.shift)).toBeLessThan(0.01);
    });
  });

  it("paints the language chosen in the app on the next load, whatever the browser's", async () => {
    await withContext({ locale: 'en-US', javaScriptEnabled: true }, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/generate`);
      await appDrawn(page);
      await page.getByRole('radio', { name: 'Tiếng Việt' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('vi');
      const html = await page.evaluate(() => fetch('/pricing', { headers: { Accept: 'text/html' } }).then((res) => res.text()));
      expect(html).toContain('<html lang="vi">');
      await page.getByRole('radio', { name: 'English' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      const back = await page.evaluate(() => fetch('/pricing', { headers: { Accept: 'text/html' } }).then((res) => res.text()));
      expect(back).toContain('<html lang="en">');
    });
  });
});
