// Buying credits in the browser, end to end: card through the fake Creem checkout (signed redirect + webhook)
// and PayPal through the fake approval page (return + capture), each ending with more credits on screen.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, packageCard, startBillingWorld, toastText } from './support/billing.ts';
import { expectHeading, launchBrowser } from './support/browser.ts';
import { assertUiBuilt } from './support/ui-build.ts';

let world: BillingWorld;
let browser: Browser;

beforeAll(async () => {
  assertUiBuilt();
  world = await startBillingWorld();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

describe('buying credits', () => {
  it('pays by card: Creem checkout, back to /purchase-credits with the verified banner, credits in header, stats and history', async () => {
    const { page, errors, close, userId } = await world.signedInPage(browser, { credits: 20 });
    await page.goto(`${world.server.url}/pricing`);
    await expectHeading(page, 'Pricing');
    await expect.poll(() => page.getByTestId('stat-credits').textContent()).toBe('20');
    await expect.poll(() => page.getByTestId('credits-badge').textContent()).toBe('20 credits');

    await packageCard(page, 'Popular').getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy Popular' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('dialog-credits').textContent()).toBe('1,200');
    expect(await dialog.getByTestId('dialog-price').textContent()).toBe('$10.00');
    expect(await dialog.getByText('Most Popular').count()).toBe(1);
    expect(await dialog.getByText('Credits are added to your account after the payment is confirmed.').count()).toBe(1);

    await dialog.getByRole('button', { name: /Card, Bank & More/ }).click();
    await page.waitForURL(`${world.creem.url}/checkout/**`);
    expect(await page.getByTestId('price').textContent()).toBe('10.00 USD');
    await page.locator('#pay').click();

    await page.waitForURL(`${world.server.url}/purchase-credits**`);
    const banner = page.getByTestId('payment-return-banner');
    await expect.poll(() => banner.textContent()).toContain('Payment Successful!');
    expect(await banner.textContent()).toContain('1,200 credits have been added to your account.');
    // The return parameters are read once, then removed from the address.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByTestId('purchase-balance').textContent()).toBe('1,220 credits');
    await expect.poll(() => page.getByTestId('credits-badge').textContent()).toBe('1,220 credits');
    expect(await world.balance(userId)).toBe(1220);

    await page.getByTestId('credits-badge').click();
    await expectHeading(page, 'Pricing');
    await expect.poll(() => page.getByTestId('stat-credits').textContent()).toBe('1,220');
    expect(await page.getByTestId('stat-used').textContent()).toBe('0');
    expect(await page.locator('.billing-stat', { has: page.getByTestId('stat-used') }).textContent()).toContain(
      '$10.00 spent on credit packages',
    );
    const rows = page.getByTestId('transactions-table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(3); // header, the purchase, the starting balance
    const purchase = await rows.nth(1).textContent();
    expect(purchase).toContain('Purchase');
    expect(purchase).toContain('+1,200');
    expect(errors).toEqual([]);
    await close();
  });

  it('confirms a card payment from the signed return alone when the webhook has not arrived', async () => {
    const { page, close, userId } = await world.signedInPage(browser);
    const deliveries = world.creem.deliveries.length;
    world.creem.setWebhookUrl(undefined);
    try {
      await page.goto(`${world.server.url}/purchase-credits`);
      await page.getByTestId('package-option').filter({ hasText: 'Starter' }).click();
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page.waitForURL(`${world.creem.url}/checkout/**`);
      await page.locator('#pay').click();
      await page.waitForURL(`${world.server.url}/purchase-credits**`);
      await expect.poll(() => page.getByTestId('payment-return-banner').textContent()).toContain('Payment Successful!');
      await expect.poll(() => page.getByTestId('purchase-balance').textContent()).toBe('500 credits');
      expect(world.creem.deliveries.length).toBe(deliveries);
      expect(await world.balance(userId)).toBe(500);
    } finally {
      world.creem.setWebhookUrl(`${world.server.url}/api/creem/webhook`);
      await close();
    }
  });

  it('pays with PayPal: approval page, capture on the return to /pricing, success toast and refreshed numbers', async () => {
    const { page, errors, close, userId, requests } = await world.signedInPage(browser);
    await page.goto(`${world.server.url}/pricing`);
    await expect.poll(() => page.getByTestId('stat-credits').textContent()).toBe('0');
    await expect.poll(() => page.getByTestId('transactions-empty').textContent()).toContain('No transactions yet');

    await packageCard(page, 'Starter').getByRole('button', { name: 'Buy Now' }).click();
    await page
      .getByRole('dialog', { name: 'Buy Starter' })
      .getByRole('button', { name: /PayPal & Debit\/Credit/ })
      .click();
    await page.waitForURL(`${world.paypal.url}/checkoutnow**`);
    expect(await page.getByTestId('amount').textContent()).toBe('5.00 USD');
    await page.locator('#approve').click();

    await page.waitForURL(`${world.server.url}/pricing**`);
    await expect.poll(() => toastText(page)).toContain('Payment Successful!');
    expect(await toastText(page)).toContain('500 credits have been added to your account.');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByTestId('stat-credits').textContent()).toBe('500');
    await expect.poll(() => page.getByTestId('credits-badge').textContent()).toBe('500 credits');
    const rows = page.getByTestId('transactions-table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toContain('+500');
    expect(await world.balance(userId)).toBe(500);
    // No PayPal script was ever requested: the flow works offline through the approve link.
    expect(requests.filter((url) => url.includes('paypal.com'))).toEqual([]);
    const order = [...world.paypal.orders.values()].at(-1);
    expect(order && world.paypal.captureCalls(order.id)).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('tells a held PayPal capture (pending) from a declined one (failed), granting nothing for either', async () => {
    const { page, close, userId } = await world.signedInPage(browser);
    const buyWithPayPal = async () => {
      await page.goto(`${world.server.url}/pricing`);
      await packageCard(page, 'Starter').getByRole('button', { name: 'Buy Now' }).click();
      await page
        .getByRole('dialog', { name: 'Buy Starter' })
        .getByRole('button', { name: /PayPal & Debit\/Credit/ })
        .click();
      await page.waitForURL(`${world.paypal.url}/checkoutnow**`);
      await page.locator('#approve').click();
      await page.waitForURL(`${world.server.url}/pricing**`);
    };
    try {
      world.paypal.setCaptureOutcome('PENDING');
      await buyWithPayPal();
      await expect.poll(() => toastText(page)).toContain('Payment pending');

      world.paypal.setCaptureOutcome('DECLINED');
      await buyWithPayPal();
      await expect.poll(() => toastText(page)).toContain('Payment Failed');
      expect(await toastText(page)).toContain('There was an issue with your payment. Please try again.');
      expect(await world.balance(userId)).toBe(0);
    } finally {
      world.paypal.setCaptureOutcome('COMPLETED');
      await close();
    }
  });

  it('comes back from a cancelled PayPal approval with Payment Cancelled and no charge', async () => {
    const { page, close, userId } = await world.signedInPage(browser, { credits: 7 });
    await page.goto(`${world.server.url}/pricing`);
    await packageCard(page, 'Pro').getByRole('button', { name: 'Buy Now' }).click();
    await page
      .getByRole('dialog', { name: 'Buy Pro' })
      .getByRole('button', { name: /PayPal & Debit\/Credit/ })
      .click();
    await page.waitForURL(`${world.paypal.url}/checkoutnow**`);
    await page.locator('#cancel').click();

    await page.waitForURL(`${world.server.url}/pricing**`);
    await expect.poll(() => toastText(page)).toContain('Payment Cancelled');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.getByTestId('paypal-capturing').count()).toBe(0);
    const order = [...world.paypal.orders.values()].at(-1);
    expect(order && world.paypal.captureCalls(order.id)).toBe(0);
    expect(await world.balance(userId)).toBe(7);
    await close();
  });

  it('starts the card checkout from /purchase-credits with the chosen package', async () => {
    const { page, close } = await world.signedInPage(browser);
    await page.goto(`${world.server.url}/purchase-credits`);
    await expectHeading(page, 'Purchase Credits');
    await expect.poll(() => page.getByTestId('purchase-balance').textContent()).toBe('0 credits');
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    expect(await proceed.isDisabled()).toBe(true);

    await page.getByTestId('package-option').filter({ hasText: 'Pro' }).click();
    expect(await page.getByTestId('summary-total').textContent()).toBe('$20.00');
    // Both methods are on: card is preselected, PayPal can be chosen.
    expect(await page.getByRole('radio', { name: 'Card, Bank & More' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'PayPal & Debit/Credit' }).count()).toBe(1);
    await proceed.click();
    await page.waitForURL(`${world.creem.url}/checkout/**`);
    expect(await page.getByTestId('price').textContent()).toBe('20.00 USD');
    await close();
  });
});
