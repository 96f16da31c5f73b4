// What an image costs, where a buyer looks: /pricing shows each action's studio and API cost beside the packages,
// and the landing's price rows on a phone say which number is the studio's and which the API's. Prices come from
// the admin settings through GET /api/pricing/current; the layout is judged by element boxes.
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInAs } from './support/account.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true }));
  // Distinct numbers, so a studio cost shown as an API price (or the reverse) is caught.
  await server.orm.em
    .fork()
    .execute(
      'update admin_settings set nano_banana_credits = 3, nano_banana_edit_credits = 4, nano_banana_api_price = 7, nano_banana_edit_api_price = 9, nano_banana_resize_credits = 5',
    );
});

afterAll(() => stopUiServer({ server, browser }));

/** Each cost row of /pricing as the column headings name its cells. */
function costRows(page: Page): Promise<Array<Record<string, string>>> {
  return page.evaluate(() => {
    const table = document.querySelector('[data-testid="action-costs"] table');
    const headings = [...(table?.querySelectorAll('thead th') ?? [])].map((cell) => cell.textContent ?? '');
    return [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) =>
      Object.fromEntries([...row.children].map((cell, i) => [headings[i] ?? `#${i}`, cell.textContent ?? ''])),
    );
  });
}

describe('/pricing', () => {
  for (const width of [375, 768, 1366]) {
    it(`shows the cost of each action, labelled studio or API, beside the packages at ${width} px`, async () => {
      const { page, close } = await openSignedInAs(browser, server, null, { width, height: 900 });
      await page.goto(`${server.url}/pricing`);
      await page.getByRole('table', { name: 'What an image costs' }).waitFor();
      await expect
        .poll(() => costRows(page))
        .toEqual([
          { Action: 'Text to image', 'In the studio': '3 credits', 'Through the API (n8n)': '7 credits' },
          { Action: 'Edit image', 'In the studio': '4 credits', 'Through the API (n8n)': '9 credits' },
          { Action: 'Upscale HD (x2, x3, x4)', 'In the studio': '5 credits', 'Through the API (n8n)': '5 credits' },
        ]);
      // In the packages' section, right above the first package, and whole on screen (no sideways scroll).
      await page.locator('.billing-package').first().waitFor();
      const layout = await page.evaluate(() => {
        const costs = document.querySelector('[data-testid="action-costs"]') as HTMLElement;
        const table = costs.querySelector('table') as HTMLElement;
        const first = document.querySelector('.billing-package') as HTMLElement;
        const box = costs.getBoundingClientRect();
        const pkg = first.getBoundingClientRect();
        return {
          sameSection: costs.closest('section') === first.closest('section'),
          gapAbovePackages: pkg.top - box.bottom,
          tableFits: table.getBoundingClientRect().right <= box.right + 0.5,
          onScreen: box.left >= 0 && box.right <= document.documentElement.clientWidth + 0.5,
        };
      });
      expect(layout.sameSection).toBe(true);
      expect(layout.gapAbovePackages).toBeGreaterThanOrEqual(0);
      expect(layout.gapAbovePackages).toBeLessThan(80);
      expect(layout.tableFits).toBe(true);
      expect(layout.onScreen).toBe(true);
      await close();
    });
  }

  it('words the costs in Vietnamese', async () => {
    const { page, close } = await openSignedInAs(browser, server, null);
    await page.addInitScript(() => localStorage.setItem('app-language', 'vi'));
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('table', { name: 'Giá mỗi ảnh' }).waitFor();
    await expect
      .poll(async () => (await costRows(page))[0])
      .toEqual({ 'Thao tác': 'Tạo ảnh từ văn bản', 'Trong studio': '3 credit', 'Qua API (n8n)': '7 credit' });
    await close();
  });
});

describe('the landing price rows on a phone', () => {
  it('say which cost is the studio and which the API, each label in its number’s cell', async () => {
    const { page, close } = await openSignedInAs(browser, server, null, { width: 375, height: 800 });
    await page.goto(server.url);
    await expect.poll(() => page.getByTestId('credits-text-to-image').textContent()).toBe('7 credits');
    const cells = await page.evaluate(() =>
      ['text-to-image', 'edit', 'upscale'].flatMap((id) =>
        [`studio-credits-${id}`, `credits-${id}`].map((testId) => {
          const number = document.querySelector(`[data-testid="${testId}"]`) as HTMLElement;
          const cell = number.closest('td') as HTMLElement;
          const label = cell.querySelector('.service-cost-label');
          const box = label?.getBoundingClientRect();
          return {
            testId,
            text: `${label?.textContent ?? ''} ${number.textContent ?? ''}`,
            labelShown: !!box && box.width > 0 && box.height > 0,
          };
        }),
      ),
    );
    expect(cells).toEqual([
      { testId: 'studio-credits-text-to-image', text: 'Studio 3 credits', labelShown: true },
      { testId: 'credits-text-to-image', text: 'API (n8n) 7 credits', labelShown: true },
      { testId: 'studio-credits-edit', text: 'Studio 4 credits', labelShown: true },
      { testId: 'credits-edit', text: 'API (n8n) 9 credits', labelShown: true },
      { testId: 'studio-credits-upscale', text: 'Studio 5 credits', labelShown: true },
      { testId: 'credits-upscale', text: 'API (n8n) 5 credits', labelShown: true },
    ]);
    // On a wide screen the column headings say it, once.
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect.poll(() => page.locator('.service-cost-label').first().isVisible()).toBe(false);
    expect(await page.getByRole('columnheader', { name: 'Studio' }).isVisible()).toBe(true);
    await close();
  });
});
