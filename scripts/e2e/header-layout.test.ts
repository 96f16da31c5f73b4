// The header lays out without overlap at every width a person uses, for visitors, users and admins, in English
// and in Vietnamese (longer words), and keeps the balance on screen on a phone. Checked by comparing the boxes
// of everything a person can see or click in the bar, not by eye.
import { createUser, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInAs } from './support/account.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

const WIDTHS = [320, 390, 768, 1024, 1280, 1366, 1440, 1680, 1920, 2560];
const PHONE_WIDTH = 1024;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer());
});

afterAll(() => stopUiServer({ server, browser }));

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The visible boxes of the bar's parts: brand, each link, each language button, badge, account, menu toggle. */
function barBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const selectors = [
      '.app-header-bar .brand',
      '.app-header-bar .header-nav .nav-link',
      '.app-header-bar .language-switch-option',
      '.app-header-bar [data-testid="credits-badge"]',
      '.app-header-bar .account-menu-trigger',
      '.app-header-bar .header-signin',
      '.app-header-bar .menu-toggle',
    ];
    const boxes: Box[] = [];
    for (const selector of selectors) {
      for (const element of document.querySelectorAll(selector)) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
        const name = `${selector.split(' ').pop()} "${(element.textContent ?? '').trim().slice(0, 20)}"`;
        boxes.push({ name, left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
      }
    }
    return boxes;
  });
}

/** What is wrong with the bar: pairs of parts that overlap, and parts that stick out of the window. */
async function layoutFaults(page: Page): Promise<string[]> {
  const boxes = await barBoxes(page);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const faults: string[] = [];
  for (const box of boxes) if (box.left < -0.5 || box.right > width + 0.5) faults.push(`${box.name} outside 0..${width}`);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (overlapX > 0.5 && overlapY > 0.5) faults.push(`${a.name} overlaps ${b.name}`);
    }
  }
  return faults;
}

const who = ['visitor', 'user', 'admin'] as const;

describe('the header at every width', () => {
  for (const role of who) {
    for (const language of ['en', 'vi']) {
      it(`${role}, ${language}: no overlapping boxes from 320 to 2560 px, balance visible on phones`, async () => {
        const user =
          role === 'visitor'
            ? null
            : await createUser(server, { username: `hdr_${role}_${language}`, isAdmin: role === 'admin', credits: 1_234_567 });
        const { page, close } = await openSignedInAs(browser, server, user);
        await page.addInitScript((lang) => localStorage.setItem('app-language', lang), language);
        await page.goto(server.url);
        await page.locator('.app-header-bar .brand').waitFor();
        if (user) await page.locator('.app-header-bar [data-testid="credits-badge"]').first().waitFor();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          // The bar settles after the resize (the links fold when they do not fit): wait for that, then judge.
          await expect.poll(() => layoutFaults(page), { message: `${role} ${language} at ${width}px` }).toEqual([]);
          if (user && width <= PHONE_WIDTH) {
            expect(await page.locator('.app-header-bar [data-testid="credits-badge"]').isVisible(), `badge at ${width}px`).toBe(true);
          }
        }
        await close();
      });
    }
  }
});
