// Out of credits leads somewhere: the cost line says what is missing and offers Buy credits, Generate is off, and a
// submission the server refuses for the balance (the price rose while the page was open) says "Not enough credits"
// with Buy credits, never "Generation failed"; in English and in Vietnamese.
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettings } from '../../api/src/modules/settings/index.ts';
import { expectHeading } from './support/browser.ts';
import { signedInPage, toastOf } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true, studio: { sandboxDelayMs: 1_000 } }));
});

afterAll(() => stopUiServer({ server, browser }));

/** The text-to-image price of the admin settings (2 by default). */
async function setTextPrice(credits: number) {
  await server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { nanoBananaCredits: credits });
  await server.heard();
}

afterEach(() => setTextPrice(2));

async function openStudio(page: Page, language: 'en' | 'vi') {
  if (language === 'vi') {
    await page.goto(server.url);
    await page.evaluate(() => localStorage.setItem('app-language', 'vi'));
  }
  await page.goto(`${server.url}/generate`);
  await expectHeading(page, language === 'vi' ? 'Studio ảnh AI' : 'AI Image Studio');
}

const WORDS = {
  en: {
    generate: 'Generate Image',
    short: 'Not enough credits',
    buy: 'Buy credits',
    body: 'Your balance does not cover this, so nothing was started or charged. Buy credits, then try again.',
    failed: 'Generation failed',
    pricing: 'Pricing',
  },
  vi: {
    generate: 'Tạo ảnh',
    short: 'Không đủ credit',
    buy: 'Mua credit',
    body: 'Số dư của bạn không đủ nên chưa có gì được bắt đầu hay bị trừ. Hãy mua thêm credit rồi thử lại.',
    failed: 'Tạo ảnh thất bại',
    pricing: 'Bảng giá',
  },
};

describe.each(['en', 'vi'] as const)('out of credits (%s)', (language) => {
  const words = WORDS[language];

  it('with 0 credits the cost line says what is missing and offers Buy credits; Generate is off', async () => {
    const session = await signedInPage(browser, server, 0);
    const { page } = session;
    await openStudio(page, language);
    await page.getByRole('textbox').first().fill('A lighthouse in a storm');
    const short = page.getByTestId('not-enough-credits');
    await expect.poll(() => short.textContent()).toBe(`${words.short} ${words.buy}`);
    const button = page.locator('.studio-submit-button');
    expect(await button.isDisabled()).toBe(true);
    // The button tells why it is off.
    const describedBy = await button.getAttribute('aria-describedby');
    expect(describedBy).toBe(await short.getAttribute('id'));
    await short.getByRole('link', { name: words.buy }).click();
    await page.waitForURL(`${server.url}/pricing`);
    await expectHeading(page, words.pricing);
    await session.close();
  });

  it('a submission the balance does not cover is "not enough credits" with Buy credits, nothing charged', async () => {
    const session = await signedInPage(browser, server, 3);
    const { page, requests } = session;
    await openStudio(page, language);
    await expect.poll(() => page.getByTestId('action-cost').textContent()).toContain('2');
    // The price rises while the page is open: the page still shows 2, the server wants 5.
    await setTextPrice(5);
    await page.getByRole('textbox').first().fill('A windmill at sunset');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/generate-image'));
    await page.getByRole('button', { name: words.generate }).click();
    expect((await answered).status()).toBe(402);
    const toast = toastOf(page);
    await expect.poll(() => toast.locator('.ui-Toast-title').textContent()).toBe(words.short);
    expect(await toast.locator('.ui-Toast-description').textContent()).toBe(words.body);
    expect(await toast.textContent()).not.toContain(words.failed);
    // The page reads the new price again: the cost line now says what is missing too.
    await expect.poll(() => page.getByTestId('not-enough-credits').count()).toBe(1);
    expect(requests.filter((url) => url.endsWith('/api/generate-image'))).toHaveLength(1);
    const balance = await server.request<{ user: { credits: number } }>('GET', '/api/auth/current-user', { cookie: session.cookie });
    expect(balance.body.user.credits).toBe(3);
    await toast.getByRole('link', { name: words.buy }).click();
    await page.waitForURL(`${server.url}/pricing`);
    await expectHeading(page, words.pricing);
    await expect.poll(() => page.locator('.ui-Toast').count()).toBe(0);
    await session.close();
  });
});
