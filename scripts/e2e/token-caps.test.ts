// A token's spending caps as its owner meets them on /api: typed, refused when not a number, fixed, saved; the row
// then shows the caps and what the token spent; a call over the cap is refused with nothing charged. Desktop in
// English and a phone in Vietnamese.
import { createToken, createUser, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
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
    caps: 'Spending caps of Workflow',
    daily: 'Credits per day (UTC)',
    save: 'Save caps',
    invalid: 'Enter a whole number of credits above 0, or leave it empty.',
    none: 'No spending caps',
    set: 'Caps: 8 a day (UTC)',
    used: '2 calls · 8 credits today · 8 in all',
  },
  vi: {
    caps: 'Hạn mức chi tiêu của Workflow',
    daily: 'Credit mỗi ngày (UTC)',
    save: 'Lưu hạn mức',
    invalid: 'Nhập một số nguyên lớn hơn 0, hoặc để trống.',
    none: 'Không giới hạn chi tiêu',
    set: 'Hạn mức: 8 mỗi ngày (UTC)',
    used: '2 lệnh gọi · 8 credit hôm nay · 8 tổng cộng',
  },
} as const;

const generate = (token: string) =>
  server.request('POST', '/api/n8n/generate', { headers: { authorization: `Bearer ${token}` }, body: { input: { prompt: 'a red kite' } } });

describe('token spending caps on /api', () => {
  for (const [language, viewport] of [
    ['en', DESKTOP],
    ['vi', PHONE],
  ] as const) {
    it(`${language} at ${viewport.width} px: set a daily cap, see usage, a call over it refused`, async () => {
      const w = WORDS[language];
      const user = await createUser(server, { credits: 100 });
      const token = await createToken(server, user, 'Workflow');
      const { page, close } = await openSignedInAs(browser, server, user, viewport);
      await page.addInitScript((lang) => localStorage.setItem('app-language', lang), language);
      await page.goto(`${server.url}/api`);
      const row = page.getByTestId('token-row');
      await expect.poll(() => row.getByTestId('token-caps').textContent()).toBe(w.none);

      await row.getByRole('button', { name: w.caps }).click();
      const dialog = page.getByRole('dialog');
      const daily = dialog.getByLabel(w.daily);
      await daily.fill('0');
      await daily.blur();
      await expect.poll(() => dialog.textContent()).toContain(w.invalid);
      await daily.fill('8');
      await dialog.getByRole('button', { name: w.save }).click();
      await expect.poll(() => row.getByTestId('token-caps').textContent()).toBe(w.set);
      await expect.poll(() => dialog.count()).toBe(0);
      await expectRowWithin(page, viewport.width);

      expect((await generate(token)).status).toBe(202);
      expect((await generate(token)).status).toBe(202);
      const refused = await generate(token);
      expect(refused.status).toBe(429);
      await page.reload();
      await expect.poll(() => page.getByTestId('token-row').getByTestId('token-usage').textContent()).toContain(w.used);
      await close();
    });
  }
});

/** The row's parts stay on screen (no sideways scrolling) at this width. */
async function expectRowWithin(page: Page, width: number): Promise<void> {
  const right = await page
    .getByTestId('token-row')
    .evaluate((row) => Math.max(...[...row.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
  expect(right).toBeLessThanOrEqual(width);
}
