// A new user's first minutes on the embedded defaults, as a person does them: register with one typo fixed,
// sign in with one typo fixed, buy a package with the sandbox payment method (the balance and the history change
// once; coming back to the return address grants nothing more), create an image and see it.
import type { TestServer } from '@app/api/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditPackage } from '../../api/src/modules/billing/index.ts';
import { AdminSettings } from '../../api/src/modules/settings/index.ts';
import { expectHeading, openPage, type TrackedPage } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

const START_CREDITS = 10;

let server: TestServer;
let browser: Browser;
let tab: TrackedPage;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({
    seed: true,
    config: { billing: { paymentSandbox: true } },
    studio: { sandboxDelayMs: 1_000 },
  }));
  await server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { startCredits: START_CREDITS });
  tab = await openPage(browser);
});

afterAll(async () => {
  await tab?.close();
  await stopUiServer({ server, browser });
});

/** One press and release at the button's centre, like a person's single click. */
async function clickOnce(page: Page, button: Locator): Promise<void> {
  // As a person scrolls to a button below the fold before pressing it (the mouse cannot press off screen).
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('button not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const badge = (page: Page) => page.locator('.app-header-bar [data-testid="credits-badge"]');

describe("a new user's first ten minutes", () => {
  it('registers with one typo fixed', async () => {
    const { page } = tab;
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const form = page.getByRole('form', { name: 'Create Account' });
    await form.getByLabel('Username', { exact: true }).fill('first_minutes');
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByLabel('Confirm Password', { exact: true }).fill('secret132');
    await expectHeading(page, 'Create Account');
    await page.getByRole('heading', { level: 1 }).click();
    await form.getByText("Passwords don't match", { exact: true }).waitFor();
    await form.getByLabel('Confirm Password', { exact: true }).fill('secret123');
    await clickOnce(page, form.getByRole('button', { name: 'Create Account' }));
    await expectHeading(page, 'Sign In');
    expect(await page.title()).toBe('Sign In · Nano Banana Studio');
  });

  it('signs in with one typo fixed', async () => {
    const { page } = tab;
    const form = page.getByRole('form', { name: 'Sign In' });
    const username = form.getByLabel('Username', { exact: true });
    await username.fill('  ');
    await page.getByRole('heading', { level: 1 }).click();
    await form.getByText('Username is required', { exact: true }).waitFor();
    await username.fill('first_minutes');
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await clickOnce(page, form.getByRole('button', { name: 'Sign In' }));
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => badge(page).textContent()).toBe(`${START_CREDITS} credits`);
  });

  it('buys a package with the sandbox payment method: credits and history once, a replayed return grants nothing', async () => {
    const { page } = tab;
    const pkg = await server.orm.em.fork().findOneOrFail(CreditPackage, { isActive: true }, { orderBy: { price: 'asc' } });
    await page.goto(`${server.url}/purchase-credits`);
    await expectHeading(page, 'Purchase Credits');
    await page.getByTestId('package-option').filter({ hasText: pkg.name }).first().click();
    const summary = page.getByTestId('order-summary');
    await summary.getByText('Sandbox test payment').waitFor();
    await clickOnce(page, summary.getByRole('button', { name: 'Proceed to Payment' }));

    await page.waitForURL(/\/sandbox-checkout\/sbx_ch_/);
    await page.getByText('no money moves').waitFor();
    // The page drops the return parameters from the address once read: keep the address the browser was sent to.
    const returned = page.waitForRequest((request) => request.isNavigationRequest() && request.url().includes('checkout_id='));
    await page.getByRole('button', { name: 'Approve test payment' }).click();
    const returnUrl = (await returned).url();

    await page.getByText('Payment Successful!').first().waitFor();
    const paid = START_CREDITS + pkg.credits;
    await expect.poll(() => badge(page).textContent()).toBe(`${paid.toLocaleString('en-US')} credits`);

    // Coming back to the same address (a reload, the back button) shows the purchase again, grants nothing.
    await page.goto(returnUrl);
    await page.getByText('Payment Successful!').first().waitFor();
    await page.goto(`${server.url}/pricing`);
    await expectHeading(page, 'Pricing');
    await expect.poll(() => badge(page).textContent()).toBe(`${paid.toLocaleString('en-US')} credits`);
    const history = page.getByTestId('transactions-table');
    await history.waitFor();
    const credits = pkg.credits.toLocaleString('en-US').replace(',', '\\,');
    const purchases = history.locator('td.billing-history-credits', { hasText: new RegExp(`^\\+${credits}$`) });
    await expect.poll(() => purchases.count()).toBe(1);
    // A test purchase says so: nobody mistakes it for money.
    const description = history
      .locator('tr', { has: page.locator('td.billing-history-credits', { hasText: new RegExp(`^\\+${credits}$`) }) })
      .locator('.billing-history-desc span');
    expect(await description.textContent()).toMatch(/^Sandbox test payment/);
    expect(await description.getAttribute('title')).not.toContain('card');
  });

  it('creates an image and sees it', async () => {
    const { page, errors } = tab;
    await page.goto(`${server.url}/generate`);
    await expectHeading(page, 'AI Image Studio');
    await page.getByRole('textbox', { name: 'Prompt' }).fill('A paper boat on a calm lake at sunrise, soft light');
    await clickOnce(page, page.getByRole('button', { name: 'Generate Image' }));
    const preview = page.getByTestId('preview');
    await expect.poll(() => preview.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('meets a mistyped address with a 404 and the Page Not Found page, each page with its own title', async () => {
    const { page } = tab;
    const response = await page.goto(`${server.url}/genrate`);
    expect(response?.status()).toBe(404);
    await expectHeading(page, 'Page Not Found');
    expect(await page.title()).toBe('Page Not Found · Nano Banana Studio');
    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => page.title()).toBe('My Creations · Nano Banana Studio');
  });
});
