// `pnpm mock:ui`: the built UI against the Prism mock renders the main pages in Chromium, with no API and no
// database, and the examples agree with each other (the header's balance is the stats' balance).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, launchBrowser, openPage } from '../e2e/support/browser.ts';
import { type MockUi, startMockUi } from './ui.ts';

let ui: MockUi;
let browser: Browser;

beforeAll(async () => {
  ui = await startMockUi(0, true);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await ui?.close();
});

describe('the UI on the mock', () => {
  it.each([
    ['/', 'Create and edit stunning images with Nano Banana AI'],
    ['/generate', 'AI Image Studio'],
    ['/pricing', 'Pricing'],
    ['/api', 'API Access'],
  ])(
    'renders %s',
    async (path, heading) => {
      const { page, errors, close } = await openPage(browser);
      await page.goto(`${ui.url}${path}`);
      await expectHeading(page, heading);
      // Signed in as the spec's example user, whose balance is shown in the header.
      await expect.poll(() => page.getByTestId('credits-badge').first().textContent(), { timeout: 15_000 }).toContain('120');
      expect(errors).toEqual([]);
      await close();
    },
    30_000,
  );

  it('shows the same balance in the header and in the stats', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${ui.url}/pricing`);
    await expect.poll(() => page.getByTestId('stat-credits').textContent(), { timeout: 15_000 }).toContain('120');
    expect(await page.getByTestId('credits-badge').first().textContent()).toContain('120');
    await close();
  }, 30_000);
});
