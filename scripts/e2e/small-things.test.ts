// Small things a visitor notices, checked as they see them: the footer's year, the tab's icon, the product name in
// the bar (whole, never cut or hidden), the "started" toast beside the preview on a phone, and the admin's price
// boxes lined up. Layouts are judged by element boxes at phone, tablet and laptop widths.
import { createUser, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInAs } from './support/account.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

const WIDTHS = [375, 768, 1280, 1366];

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer());
});

afterAll(() => stopUiServer({ server, browser }));

describe('footer and icon', () => {
  it("says this year's copyright and serves /favicon.ico", async () => {
    const { page, close } = await openSignedInAs(browser, server, null);
    await page.goto(server.url);
    const copyright = page.locator('.app-footer-copyright');
    await copyright.waitFor();
    expect(await copyright.textContent()).toBe(`© ${new Date().getFullYear()} Nano Banana Studio. All rights reserved.`);
    await close();

    const icon = await fetch(`${server.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\//);
    // An ICO file: reserved 0, type 1, at least one image.
    const head = new Uint8Array(await icon.arrayBuffer()).subarray(0, 6);
    expect([...head.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(head[4]).toBeGreaterThan(0);
  });
});

/** Why the product name in the bar is not seen whole: hidden, clipped, or outside the bar. */
function brandFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = document.querySelector('.app-header-bar .brand-name');
    const bar = document.querySelector('.app-header-bar');
    if (!name || !bar) return ['no product name in the bar'];
    const box = name.getBoundingClientRect();
    const barBox = bar.getBoundingClientRect();
    const faults: string[] = [];
    if (box.width < 16 || box.height < 8) faults.push(`name is ${box.width}x${box.height}`);
    if (name.scrollWidth > name.clientWidth + 1) faults.push(`name cut: ${name.scrollWidth} > ${name.clientWidth}`);
    if (getComputedStyle(name).clipPath !== 'none') faults.push('name clipped away');
    if (box.top < barBox.top - 0.5 || box.bottom > barBox.bottom + 0.5) faults.push('name outside the bar');
    if (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5) faults.push('name outside the window');
    return faults;
  });
}

describe('the product name in the bar', () => {
  // An admin's bar has two more links and a long balance: the name may wrap there, never vanish.
  for (const role of ['visitor', 'admin'] as const) {
    for (const language of ['en', 'vi']) {
      it(`${role}, ${language}: whole at ${WIDTHS.join(', ')} px`, async () => {
        const user =
          role === 'admin' ? await createUser(server, { username: `brand_${language}`, isAdmin: true, credits: 1_234_567 }) : null;
        const { page, close } = await openSignedInAs(browser, server, user);
        await page.addInitScript((lang) => localStorage.setItem('app-language', lang), language);
        await page.goto(role === 'admin' ? `${server.url}/admin` : server.url);
        await page.locator('.app-header-bar .brand').waitFor();
        if (user) await page.locator('.app-header-bar [data-testid="credits-badge"]').first().waitFor();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await expect.poll(() => brandFaults(page), { message: `${role} ${language} at ${width}px` }).toEqual([]);
          expect(await page.locator('.app-header-bar .brand-name').textContent()).toBe('Nano Banana Studio');
        }
        await close();
      });
    }
  }
});

describe('the "started" toast on a phone', () => {
  it('lies beside the preview, which is brought on screen, not over it', async () => {
    const user = await createUser(server, { credits: 50 });
    const { page, close } = await openSignedInAs(browser, server, user, { width: 375, height: 667 });
    await page.goto(`${server.url}/generate`);
    await page.getByRole('textbox', { name: 'Prompt' }).fill('A paper boat on a quiet lake');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    const toast = page.locator('.ui-Toast').filter({ hasText: 'Image generation started!' });
    await toast.waitFor();
    const faults = () =>
      page.evaluate(() => {
        const preview = document.querySelector('[data-testid="preview"]')?.getBoundingClientRect();
        const shown = document.querySelector('.ui-Toast')?.getBoundingClientRect();
        const header = document.querySelector('.app-header')?.getBoundingClientRect();
        if (!preview || !shown || !header) return ['missing preview, toast or header'];
        const found: string[] = [];
        if (preview.top < header.bottom - 0.5 || preview.bottom > window.innerHeight + 0.5) {
          found.push(`preview ${preview.top}..${preview.bottom} not between the header and the bottom`);
        }
        const overlapX = Math.min(preview.right, shown.right) - Math.max(preview.left, shown.left);
        const overlapY = Math.min(preview.bottom, shown.bottom) - Math.max(preview.top, shown.top);
        if (overlapX > 0.5 && overlapY > 0.5)
          found.push(`toast ${shown.top}..${shown.bottom} covers the preview ${preview.top}..${preview.bottom}`);
        return found;
      });
    await expect.poll(faults).toEqual([]);
    await close();
  });
});

describe('the admin price boxes', () => {
  it('keep their headings inside the box, and boxes side by side start and show their fields in line', async () => {
    const admin = await createUser(server, { username: 'prices_admin', isAdmin: true });
    const { page, close } = await openSignedInAs(browser, server, admin);
    await page.goto(`${server.url}/admin`);
    await page.getByTestId('api-prices').waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const faults = () =>
        page.evaluate(() => {
          const found: string[] = [];
          const groups = [...document.querySelectorAll('[data-testid="settings-prices"] [role="group"]')];
          if (groups.length !== 3) return [`${groups.length} price boxes`];
          for (const group of groups) {
            const box = group.getBoundingClientRect();
            const heading = group.querySelector('legend, h4')?.getBoundingClientRect();
            const border = Number.parseFloat(getComputedStyle(group).borderTopWidth);
            // A fieldset's legend is drawn on the border: a wrapped one lowers the visible top of its box.
            if (!heading || heading.top < box.top + border - 0.5) found.push(`${group.textContent?.slice(0, 20)}: heading on the border`);
          }
          // Boxes side by side (the first row) start, and show their fields, at one height.
          const top = groups[0]?.getBoundingClientRect().top ?? 0;
          const firstRow = groups.filter((group) => Math.abs(group.getBoundingClientRect().top - top) < 40);
          const spread = (tops: number[]) => Math.max(...tops) - Math.min(...tops);
          const boxes = spread(firstRow.map((group) => group.getBoundingClientRect().top));
          if (boxes > 0.5) found.push(`boxes of one row start ${boxes}px apart`);
          const fields = spread(firstRow.map((group) => group.querySelector('.admin-price-fields')?.getBoundingClientRect().top ?? 0));
          if (fields > 0.5) found.push(`fields of one row start ${fields}px apart`);
          return found;
        });
      await expect.poll(faults, { message: `at ${width}px` }).toEqual([]);
    }
    await close();
  });
});
