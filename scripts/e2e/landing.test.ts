// The landing page against the real API: prices from the database, defaults until they arrive, and how it looks.
import type { TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectHeading, openPage, PHONE } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true }));
});

afterAll(() => stopUiServer({ server, browser }));

describe('landing page', () => {
  it('shows the service prices from GET /api/pricing/current and follows a change in the database', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(server.url);
    // Migration defaults: API price 4, edit API price 6, upscale 5 credits (5 x $0.005).
    await expect.poll(() => page.getByTestId('credits-text-to-image').textContent()).toBe('4 credits');
    expect(await page.getByTestId('credits-edit').textContent()).toBe('6 credits');
    expect(await page.getByTestId('credits-upscale').textContent()).toBe('5 credits');
    // The studio costs stand beside them (2 and 3 by default), never passed off as the API price.
    expect(await page.getByTestId('studio-credits-text-to-image').textContent()).toBe('2 credits');
    expect(await page.getByTestId('studio-credits-edit').textContent()).toBe('3 credits');
    expect(await page.getByTestId('usd-text-to-image').textContent()).toBe('$0.025 / image');
    expect(await page.getByTestId('usd-upscale').textContent()).toBe('$0.025 / image');

    await server.orm.em.fork().execute('update admin_settings set nano_banana_api_price = 7, nano_banana_resize_credits = 3');
    await page.reload();
    await expect.poll(() => page.getByTestId('credits-text-to-image').textContent()).toBe('7 credits');
    expect(await page.getByTestId('credits-upscale').textContent()).toBe('3 credits');
    expect(await page.getByTestId('usd-upscale').textContent()).toBe('$0.015 / image');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the spec defaults (5 / 5 / 2) until the pricing call answers', async () => {
    const { page, close } = await openPage(browser);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/pricing/current', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url);
    await page.getByTestId('credits-text-to-image').waitFor();
    expect(await page.getByTestId('credits-text-to-image').textContent()).toBe('5 credits');
    expect(await page.getByTestId('credits-edit').textContent()).toBe('5 credits');
    expect(await page.getByTestId('credits-upscale').textContent()).toBe('2 credits');
    expect(await page.getByTestId('usd-upscale').textContent()).toBe('$0.010 / image');
    release();
    await expect.poll(() => page.getByTestId('credits-text-to-image').textContent()).not.toBe('5 credits');
    await close();
  });

  it('has the hero, the lazy showcase of eight 1:1 pictures and the four FAQ entries', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(server.url);
    await expectHeading(page, 'Create and edit stunning images with Nano Banana AI');
    const start = page.getByRole('link', { name: 'Start Editing' });
    expect(await start.getAttribute('href')).toBe('/generate');
    const template = page.getByRole('link', { name: 'Template on n8n.io' });
    expect(await template.getAttribute('target')).toBe('_blank');
    expect(await template.getAttribute('href')).toMatch(/^https:\/\/n8n\.io\//);

    const gallery = page.locator('.showcase-grid img');
    expect(await gallery.count()).toBe(8);
    for (const img of await gallery.all()) expect(await img.getAttribute('loading')).toBe('lazy');
    expect(await page.locator('.showcase-grid').getByText('AI Generated').count()).toBe(8);
    expect(await page.locator('.showcase-grid').getByText('1:1').count()).toBe(8);
    expect(await page.locator('.faq-item').count()).toBe(4);

    // The images really load once scrolled to, and the cards finish their staggered entrance.
    await page.locator('.showcase-grid').scrollIntoViewIfNeeded();
    await expect.poll(() => gallery.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth === 512))).toBe(true);
    await expect
      .poll(() =>
        page
          .locator('.showcase-card')
          .last()
          .evaluate((el) => getComputedStyle(el).opacity),
      )
      .toBe('1');
    const delays = await page.locator('.showcase-card').evaluateAll((cards) => cards.map((card) => getComputedStyle(card).animationDelay));
    expect(delays).toEqual(['0s', '0.1s', '0.2s', '0.3s', '0.4s', '0.5s', '0.6s', '0.7s']);

    await page.getByRole('link', { name: 'Try Nano Banana Generator' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/generate');
    await close();
  });

  it('takes desktop and phone screenshots for a visual check', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, close } = await openPage(browser, viewport);
      const pricing = page.waitForResponse('**/api/pricing/current');
      await page.goto(server.url);
      await pricing;
      // Scroll through once so lazy images load and the gallery plays its entrance.
      await page.locator('.showcase-grid').scrollIntoViewIfNeeded();
      await page.locator('.app-footer').scrollIntoViewIfNeeded();
      await page.waitForTimeout(1200);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/e2e-landing-${name}.png`, fullPage: true });
      await close();
    }
  });
});
