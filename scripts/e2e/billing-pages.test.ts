// The billing pages around a payment: which methods the dialog offers, visitors, the payment return states,
// the empty history, and screenshots of /pricing and /purchase-credits on desktop and phone.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, packageCard, startBillingWorld, toastText } from './support/billing.ts';
import { DESKTOP, expectHeading, launchBrowser, openPage, PHONE } from './support/browser.ts';
import { assertUiBuilt } from './support/ui-build.ts';

let world: BillingWorld;
let browser: Browser;

beforeAll(async () => {
  assertUiBuilt();
  world = await startBillingWorld();
  browser = await launchBrowser();
});

afterEach(async () => {
  await world.enableMethods({ card: true, paypal: true });
});

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

const UNAVAILABLE = 'Payment methods are currently unavailable. Please contact support.';

describe('the purchase dialog', () => {
  it('offers only the enabled methods, and says so when there is none', async () => {
    const { page, close } = await world.signedInPage(browser);
    const openDialog = async () => {
      await page.goto(`${world.server.url}/pricing`);
      await packageCard(page, 'Pro').getByRole('button', { name: 'Buy Now' }).click();
      const dialog = page.getByTestId('purchase-dialog');
      await dialog.waitFor();
      return dialog;
    };

    let dialog = await openDialog();
    await dialog.getByRole('button', { name: /Card, Bank & More/ }).waitFor();
    expect(await dialog.getByRole('button', { name: /PayPal & Debit\/Credit/ }).count()).toBe(1);

    await world.enableMethods({ card: false, paypal: true });
    dialog = await openDialog();
    await dialog.getByRole('button', { name: /PayPal & Debit\/Credit/ }).waitFor();
    expect(await dialog.getByRole('button', { name: /Card, Bank & More/ }).count()).toBe(0);

    await world.enableMethods({ card: true, paypal: false });
    dialog = await openDialog();
    await dialog.getByRole('button', { name: /Card, Bank & More/ }).waitFor();
    expect(await dialog.getByRole('button', { name: /PayPal/ }).count()).toBe(0);

    await world.enableMethods({ card: false, paypal: false });
    dialog = await openDialog();
    await expect.poll(() => dialog.getByTestId('payment-methods-unavailable').textContent()).toBe(UNAVAILABLE);
    expect(await dialog.getByRole('button', { name: /Card|PayPal/ }).count()).toBe(0);
    // The notice about confirmation is there whatever the methods.
    expect(await dialog.textContent()).toContain('Credits are added to your account after the payment is confirmed.');

    // /purchase-credits says the same and cannot proceed.
    await page.goto(`${world.server.url}/purchase-credits`);
    await page.getByTestId('package-option').first().click();
    await expect.poll(() => page.getByTestId('order-summary').getByTestId('payment-methods-unavailable').textContent()).toBe(UNAVAILABLE);
    expect(await page.getByRole('button', { name: 'Proceed to Payment' }).isDisabled()).toBe(true);
    await close();
  });

  it('re-enables the button and shows the server error and suggestion when the checkout fails', async () => {
    const { page, close } = await world.signedInPage(browser);
    await page.goto(`${world.server.url}/pricing`);
    await packageCard(page, 'Starter').getByRole('button', { name: 'Buy Now' }).click();
    const card = page.getByTestId('purchase-dialog').getByRole('button', { name: /Card, Bank & More/ });
    await card.waitFor();
    // Switched off after the dialog opened: the server answers 503 with its own explanation.
    await world.enableMethods({ card: false, paypal: true });
    await card.click();
    await expect.poll(() => toastText(page)).toContain('Payment method unavailable');
    expect(await toastText(page)).toContain('Card payment is currently unavailable. Please contact support.');
    await expect.poll(() => card.isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await close();
  });

  it("falls back to the spec's messages when the answer is empty, the network fails or PayPal answers a bare status", async () => {
    const { page, close } = await world.signedInPage(browser);
    await page.goto(`${world.server.url}/pricing`);
    await packageCard(page, 'Starter').getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByTestId('purchase-dialog');
    const card = dialog.getByRole('button', { name: /Card, Bank & More/ });
    const paypal = dialog.getByRole('button', { name: /PayPal & Debit\/Credit/ });
    await card.waitFor();

    await page.route('**/api/creem/checkout', (route) =>
      route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ checkoutUrl: '', orderId: crypto.randomUUID() }),
      }),
    );
    await card.click();
    await expect.poll(() => toastText(page)).toContain('No checkout URL received');
    await expect.poll(() => card.isEnabled()).toBe(true);

    await page.unroute('**/api/creem/checkout');
    await page.route('**/api/creem/checkout', (route) => route.abort('connectionrefused'));
    await card.click();
    await expect.poll(() => toastText(page)).toContain('Failed to create checkout session');
    await expect.poll(() => card.isEnabled()).toBe(true);

    await page.route('**/paypal/order', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: '' }));
    await paypal.click();
    await expect.poll(() => toastText(page)).toContain('HTTP error! status: 500');
    expect(await toastText(page)).toContain('PayPal payment failed');
    await expect.poll(() => paypal.isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await close();
  });
});

describe('visitors', () => {
  it('see the packages and a sign-in prompt, and are sent to /login when they press Buy Now', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${world.server.url}/pricing`);
    await expectHeading(page, 'Pricing');
    await page.getByTestId('billing-signin-prompt').waitFor();
    // The packages arrive with their own request, which may answer after the prompt shows.
    await expect.poll(() => page.getByTestId('credit-package').count()).toBe(3);
    expect(await page.getByTestId('stat-credits').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Transaction History' }).count()).toBe(0);

    await packageCard(page, 'Popular').getByRole('button', { name: 'Buy Now' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByTestId('purchase-dialog').count()).toBe(0);

    await page.goto(`${world.server.url}/purchase-credits`);
    await page.getByTestId('billing-signin-prompt').waitFor();
    expect(await page.getByTestId('package-option').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('returning from a payment', () => {
  it('shows Payment Cancelled for payment=cancelled and removes the parameter', async () => {
    const { page, close } = await world.signedInPage(browser);
    await page.goto(`${world.server.url}/pricing?payment=cancelled&token=5O190127TN364715T`);
    await expect.poll(() => toastText(page)).toContain('Payment Cancelled');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await close();
  });

  it('shows Payment Successful! for payment=success and Payment Failed for payment=error', async () => {
    const { page, close } = await world.signedInPage(browser);
    await page.goto(`${world.server.url}/pricing?payment=success`);
    await expect.poll(() => toastText(page)).toContain('Payment Successful!');
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await page.goto(`${world.server.url}/pricing?payment=error`);
    await expect.poll(() => toastText(page)).toContain('Payment Failed');
    expect(await toastText(page)).toContain('There was an issue with your payment. Please try again.');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await close();
  });

  it('does not claim success for a Creem return whose signature does not verify', async () => {
    const { page, close } = await world.signedInPage(browser);
    await page.goto(`${world.server.url}/purchase-credits?checkout_id=ch_forged&order_id=ord_forged&signature=0000`);
    const banner = page.getByTestId('payment-return-banner');
    await expect.poll(() => banner.textContent()).toContain('We are confirming your payment');
    expect(await banner.textContent()).not.toContain('Payment Successful!');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await close();
  });
});

describe('transaction history', () => {
  it('pages 50 entries at a time, newest first, with long descriptions cut at 60 characters', async () => {
    const { page, close, userId } = await world.signedInPage(browser);
    const long = 'Generated an image from a prompt about a banana astronaut floating past Saturn';
    // 55 entries of +1 credit (balance kept equal to the ledger), one minute apart; the newest has the long text.
    await world.server.orm.em.fork().execute(
      `insert into transactions (id, user_id, type, amount, balance_after, description, business_key, created_via, created_at)
       select gen_random_uuid(), ?, 'bonus', 1, 56 - g, case when g = 1 then ? else 'Entry ' || (56 - g) end,
              'e2e-history:' || ? || ':' || g, 'web', now() - g * interval '1 minute'
       from generate_series(1, 55) g`,
      [userId, long, userId],
    );
    await world.server.orm.em.fork().execute('update users set credits = 55 where id = ?', [userId]);

    await page.goto(`${world.server.url}/pricing`);
    const rows = page.getByTestId('transactions-table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(51);
    const newest = rows.nth(1).locator('[role=rowheader] span');
    expect(await newest.textContent()).toBe(`${long.slice(0, 60)}…`);
    expect(await newest.getAttribute('title')).toBe(long);
    expect(await rows.nth(2).textContent()).toContain('Entry 54');

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => rows.count()).toBe(6);
    expect(await rows.nth(5).textContent()).toContain('Entry 1');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await close();
  });
});

describe('looks', () => {
  it('speaks Vietnamese when the language is switched', async () => {
    const { page, close } = await world.signedInPage(browser, { viewport: PHONE });
    await page.addInitScript(() => localStorage.setItem('app-language', 'vi'));
    await page.goto(`${world.server.url}/pricing`);
    await expectHeading(page, 'Bảng giá');
    await page.getByText('Credit còn lại').waitFor();
    await packageCard(page, 'Popular').getByRole('button', { name: 'Mua ngay' }).click();
    const dialog = page.getByTestId('purchase-dialog');
    await dialog.getByRole('button', { name: /Thẻ, ngân hàng và hơn thế/ }).waitFor();
    expect(await dialog.textContent()).toContain('Credit được cộng vào tài khoản sau khi thanh toán được xác nhận.');
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/e2e-billing-dialog-phone-vi.png' });
    await close();
  });

  it('lists a balance change in the history, then takes desktop and phone screenshots of both pages and the dialog', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      // The starting balance is set through the ledger, so it shows up as an adjustment.
      const { page, close } = await world.signedInPage(browser, { credits: 25, viewport });
      await page.goto(`${world.server.url}/pricing`);
      const rows = page.getByTestId('transactions-table').getByRole('row');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.nth(1).locator('[role=gridcell], [role=rowheader]').allTextContents()).toEqual([
        'Adjustment',
        expect.stringMatching(/\d{4}/),
        'Test balance',
        '+25',
      ]);
      await expect.poll(() => page.getByTestId('stat-credits').textContent()).toBe('25');
      await page.screenshot({ path: `/tmp/e2e-billing-pricing-${name}.png`, fullPage: true });
      await page.locator('.billing-history').screenshot({ path: `/tmp/e2e-billing-history-${name}.png` });

      await packageCard(page, 'Popular').getByRole('button', { name: 'Buy Now' }).click();
      await page
        .getByTestId('purchase-dialog')
        .getByRole('button', { name: /PayPal/ })
        .waitFor();
      await page.waitForTimeout(300); // the dialog's entrance animation
      await page.screenshot({ path: `/tmp/e2e-billing-dialog-${name}.png` });
      await page.keyboard.press('Escape');

      await page.goto(`${world.server.url}/purchase-credits`);
      await page.getByTestId('package-option').filter({ hasText: 'Popular' }).click();
      await page.getByTestId('summary-total').waitFor();
      await page.screenshot({ path: `/tmp/e2e-billing-purchase-${name}.png`, fullPage: true });
      await close();
    }
  });
});
