// A task's receipt in its details: what it cost, when it was refunded and why (in the reader's language), or that a
// refunded task delivered after all cost nothing; on a desktop in English and on a phone in Vietnamese.
import type { TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTask } from '../../api/src/modules/studio/testing/kit.ts';
import { DESKTOP } from './support/browser.ts';
import { cardOf, signedInPage } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer());
});

afterAll(() => stopUiServer({ server, browser }));

const WORDS = {
  en: {
    details: 'Image Details',
    charged: 'Charged 4 credits',
    refunded: /^Refunded 4 credits on .+/,
    why: 'The image took too long to generate and was cancelled.',
    free: 'Delivered after the refund: yours, free of charge',
  },
  vi: {
    details: 'Chi tiết ảnh',
    charged: 'Đã trừ 4 credit',
    refunded: /^Đã hoàn 4 credit lúc .+/,
    why: 'Ảnh mất quá nhiều thời gian và đã bị huỷ.',
    free: 'Ảnh được giao sau khi đã hoàn credit: miễn phí',
  },
} as const;

describe('the receipt in the details', () => {
  for (const [language, viewport] of [
    ['en', DESKTOP],
    ['vi', { width: 375, height: 812 }],
  ] as const) {
    it(`${language} at ${viewport.width} px: charged, refunded and why; delivered free after a refund`, async () => {
      const w = WORDS[language];
      const session = await signedInPage(browser, server, 0, viewport);
      const refundedAt = new Date(Date.now() - 5 * 60_000);
      const failed = await insertTask(server.orm, session.user.id, {
        status: 'failed',
        resultUrls: [],
        creditsUsed: 4,
        errorMessage: 'The image took too long to generate and was cancelled.',
        refunded: true,
        refundedAt,
      });
      const late = await insertTask(server.orm, session.user.id, { creditsUsed: 4, refunded: true, refundedAt });
      const { page } = session;
      await page.addInitScript((lang) => localStorage.setItem('app-language', lang), language);
      await page.goto(`${server.url}/my-creations`);

      const receiptOf = async (taskId: string) => {
        await cardOf(page, taskId).click();
        const dialog = page.getByRole('dialog', { name: w.details });
        await dialog.getByTestId('task-receipt').waitFor();
        const lines = await dialog.getByTestId('task-receipt').locator('li').allTextContents();
        const error = await dialog.locator('.studio-details-error p').allTextContents();
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.count()).toBe(0);
        return { lines, error };
      };
      const first = await receiptOf(failed.taskId);
      expect(first.lines[0]).toBe(w.charged);
      expect(first.lines[1]).toMatch(w.refunded);
      expect(first.lines[2]).toBe(w.why);
      expect(first.error).toEqual([w.why]);
      const second = await receiptOf(late.taskId);
      expect(second.lines).toEqual([w.charged, expect.stringMatching(w.refunded), w.free]);
      await session.close();
    });
  }
});
