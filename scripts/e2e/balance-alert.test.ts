// The low-balance alert as its owner meets it: on /my-account the threshold is set with the keyboard (a bad one is
// refused in words), the summary says it, then an API call spends below it and the header's balance turns to its
// warning state without a reload, named for screen readers. Desktop in English and a phone in Vietnamese.
import { createToken, createUser, type TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInAs } from './support/account.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ studio: { sandboxDelayMs: 0 }, config: { automationRatePerMinute: 1000 } }));
});

afterAll(() => stopUiServer({ server, browser }));

const WORDS = {
  en: {
    edit: 'Set the alert',
    threshold: 'Warn below (credits)',
    invalid: 'Enter a whole number from 1 to 1,000,000, or leave it empty.',
    save: 'Save',
    off: 'Off: no warning at any balance.',
    on: 'The header warns below 10 credits.',
    low: /^8 credits, low balance/,
  },
  vi: {
    edit: 'Đặt cảnh báo',
    threshold: 'Cảnh báo khi dưới (credit)',
    invalid: 'Nhập một số nguyên từ 1 đến 1.000.000, hoặc để trống.',
    save: 'Lưu',
    off: 'Tắt: không cảnh báo ở mức số dư nào.',
    on: 'Thanh tiêu đề cảnh báo khi dưới 10 credit.',
    low: /^8 credit, số dư thấp/,
  },
} as const;

describe('low-balance alert', () => {
  for (const [language, viewport] of [
    ['en', DESKTOP],
    // The narrowest phone the header is made for.
    ['vi', { ...PHONE, width: 375 }],
  ] as const) {
    it(`${language} at ${viewport.width} px: set a threshold, spend below it, see the header warn`, async () => {
      const w = WORDS[language];
      const user = await createUser(server, { credits: 12 });
      const token = await createToken(server, user, 'Workflow');
      const { page, close } = await openSignedInAs(browser, server, user, viewport);
      await page.addInitScript((lang) => localStorage.setItem('app-language', lang), language);
      await page.goto(`${server.url}/my-account`);
      const card = page.getByTestId('balance-alert-card');
      await expect.poll(() => card.getByTestId('balance-alert-summary').textContent()).toBe(w.off);
      const badge = page.getByTestId('credits-badge').first();
      expect(await badge.getAttribute('data-low')).toBeNull();

      // By keyboard: focus the button, open, type, submit with Enter.
      await card.getByRole('button', { name: w.edit }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      const threshold = dialog.getByLabel(w.threshold);
      await expect.poll(() => threshold.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.type('0');
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.textContent()).toContain(w.invalid);
      await threshold.fill('10');
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => card.getByTestId('balance-alert-summary').textContent()).toBe(w.on);
      // 12 is not below 10.
      expect(await badge.getAttribute('data-low')).toBeNull();

      // An API call costs 4: 12 -> 8, below the threshold; the header follows the live balance.
      const spent = await server.request('POST', '/api/n8n/generate', {
        headers: { authorization: `Bearer ${token}` },
        body: { input: { prompt: 'a red kite' } },
      });
      expect(spent.status).toBe(202);
      await expect.poll(() => badge.getAttribute('data-low'), { timeout: 15_000 }).toBe('true');
      expect(await badge.getAttribute('aria-label')).toMatch(w.low);
      expect(await badge.getAttribute('href')).toBe('/pricing');
      const box = await badge.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await close();
    });
  }
});
