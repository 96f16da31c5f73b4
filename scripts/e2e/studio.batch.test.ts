// Several images per prompt as a person asks for them: pick how many, press Generate once, watch each cell of the
// preview fill as its own image arrives over the live stream, and the balance drop by all of them at once; at phone
// width in Vietnamese with one image failing, that cell tells of its refund.
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_FAIL_ONE_MARKER } from '../../api/src/providers/image/sandbox/sandbox-provider.ts';
import { expectHeading } from './support/browser.ts';
import { sidewaysOverflow } from './support/reflow.ts';
import { signedInPage } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;
/** The studio's text-to-image price in tests. */
const COST = 2;
/** Long enough to see the cells waiting before they fill. */
const SANDBOX_DELAY_MS = 2_000;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ studio: { sandboxDelayMs: SANDBOX_DELAY_MS } }));
});
afterAll(() => stopUiServer({ server, browser }));

const cells = (page: Page) => page.getByTestId('preview-cell');
const statuses = (page: Page) => cells(page).evaluateAll((all) => all.map((cell) => cell.getAttribute('data-status')));
const badge = (page: Page) => page.locator('.credits-badge');

describe('studio: several images per prompt', () => {
  it('3 images: one press, three cells that fill, the balance down by three images', async () => {
    const session = await signedInPage(browser, server, 20);
    const { page } = session;
    await page.goto(`${server.url}/generate`);
    await expectHeading(page, 'AI Image Studio');
    await expect.poll(() => badge(page).textContent()).toContain('20');
    await page.getByLabel('Images', { exact: true }).selectOption('3');
    await expect.poll(() => page.getByTestId('action-cost').textContent()).toContain(`Cost: ${3 * COST} credits (3 images × ${COST})`);
    await page.getByRole('textbox', { name: 'Prompt' }).fill('Three paper boats on a pond, watercolor');
    await page.getByRole('button', { name: 'Generate Image' }).click();

    await expect.poll(() => cells(page).count(), { timeout: 10_000 }).toBe(3);
    expect((await statuses(page)).every((status) => status === 'pending' || status === 'generating')).toBe(true);
    await expect.poll(() => badge(page).textContent()).toContain(String(20 - 3 * COST));
    await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['completed', 'completed', 'completed']);
    const sources = await cells(page)
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(new Set(sources).size).toBe(3);
    expect(sources.every((src) => src?.includes('/files/results/'))).toBe(true);
    // Only one request was charged: three usage rows, none refunded.
    const ledger = await server.orm.em
      .fork()
      .execute<{ type: string }[]>('select "type" from "transactions" where "user_id" = ? and "type" in (?, ?)', [
        session.user.id,
        'usage',
        'refund',
      ]);
    expect(ledger.map((row) => row.type)).toEqual(['usage', 'usage', 'usage']);
    await session.close();
  });

  it('at 375 px in Vietnamese: two images, one fails and its cell tells of the refund', async () => {
    const session = await signedInPage(browser, server, 20, { width: 375, height: 812 });
    const { page } = session;
    await page.context().addInitScript(() => localStorage.setItem('app-language', 'vi'));
    await page.goto(`${server.url}/generate`);
    await expectHeading(page, 'Studio ảnh AI');
    const count = page.getByLabel('Số ảnh', { exact: true });
    // By keyboard: focus the select and step down to 2.
    await count.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => count.inputValue()).toBe('2');
    await expect.poll(() => page.getByTestId('action-cost').textContent()).toContain(`2 ảnh × ${COST}`);
    await page.getByRole('textbox', { name: 'Mô tả' }).fill(`${SANDBOX_FAIL_ONE_MARKER} hai con mèo ${crypto.randomUUID()}`);
    await page.getByRole('button', { name: 'Tạo ảnh' }).click();

    await expect.poll(() => cells(page).count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => (await statuses(page)).sort(), { timeout: 30_000 }).toEqual(['completed', 'failed']);
    const failed = page.locator('[data-testid="preview-cell"][data-status="failed"]');
    await expect.poll(() => failed.textContent()).toContain(`Đã hoàn ${COST} credit`);
    expect(await failed.textContent()).toContain('Tạo ảnh thất bại');
    await expect.poll(() => badge(page).textContent()).toContain(String(20 - COST));
    // The grid fits the phone's width: no sideways scrolling.
    expect(await sidewaysOverflow(page)).toEqual([]);
    await session.close();
  });
});
