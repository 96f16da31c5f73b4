// Vietnamese beyond the page text: a server problem told in Vietnamese (from its code), ledger rows worded from
// what they record, the admin's Vietnamese package name, and prices in the same locale as the credit counts.
import { createUser, signIn, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditPackage } from '../../api/src/modules/billing/index.ts';
import { AdminSettings } from '../../api/src/modules/settings/index.ts';
import { openSignedInAs, toastWithTitle } from './support/account.ts';
import { expectHeading, openPage } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true }));
  const em = server.orm.em.fork();
  await em.nativeUpdate(AdminSettings, { id: 1 }, { startCredits: 10 });
  await em.nativeUpdate(
    CreditPackage,
    { name: 'Popular' },
    { nameVi: 'Gói Phổ Biến', descriptionVi: 'Lựa chọn tốt nhất để dùng thường xuyên' },
  );
});

afterAll(async () => {
  await stopUiServer({ server, browser });
});

/** The page reads in Vietnamese from its first frame (the saved language choice). */
async function inVietnamese(page: Page): Promise<void> {
  await page.context().addInitScript(() => localStorage.setItem('app-language', 'vi'));
}

describe('Vietnamese pages', () => {
  it('tells of a refused sign-in in Vietnamese, not in the server English', async () => {
    const user = await createUser(server);
    const { page, close } = await openPage(browser);
    await inVietnamese(page);
    await page.goto(`${server.url}/login`);
    const form = page.getByRole('form', { name: 'Đăng nhập' });
    await form.getByLabel('Tên đăng nhập', { exact: true }).fill(user.username);
    await form.getByLabel('Mật khẩu', { exact: true }).fill('wrong-password-1');
    await form.getByRole('button', { name: 'Đăng nhập' }).click();
    const text = await toastWithTitle(page, 'Đăng nhập thất bại');
    expect(text).toContain('Tên đăng nhập hoặc mật khẩu không đúng.');
    expect(text).not.toMatch(/invalid|password/i);
    await close();
  });

  it('words the history from what each entry records, shows the Vietnamese package name, and one number locale', async () => {
    const user = await createUser(server);
    const admin = await createUser(server, { username: 'root', isAdmin: true });
    const set = await server.request('PUT', `/api/admin/users/${user.id}/credits`, {
      cookie: await signIn(server, admin),
      body: { credits: 1200, reason: 'khuyến mãi' },
    });
    expect(set.status).toBe(200);
    const { page, close } = await openSignedInAs(browser, server, user);
    await inVietnamese(page);
    await page.goto(`${server.url}/pricing`);
    await expectHeading(page, 'Bảng giá');
    const table = page.getByTestId('transactions-table');
    await expect.poll(() => table.textContent()).toContain('Credit khởi đầu cho tài khoản mới');
    const rows = (await table.textContent()) ?? '';
    expect(rows).toContain('Quản trị viên root đặt số dư từ 10 thành 1.200: khuyến mãi');
    expect(rows).not.toMatch(/Start credits|Balance set/);
    // The admin's Vietnamese name and description; the others fall back to English.
    const popular = page.getByTestId('credit-package').filter({ hasText: 'Gói Phổ Biến' });
    await expect.poll(() => popular.textContent()).toContain('Lựa chọn tốt nhất để dùng thường xuyên');
    // Prices in the page's locale: a decimal comma like "1.200 credit", never "$0.008".
    const card = (await popular.textContent()) ?? '';
    expect(card).toMatch(/1\.200 credit/);
    expect(card).toMatch(/0,008\s?US\$/);
    expect(card).not.toContain('$0.');
    await close();
  });

  it("words an admin's /history in Vietnamese too, a refund's reason included", async () => {
    const user = await createUser(server, { username: 'vi_history_user' });
    const admin = await createUser(server, { username: 'vi_root', isAdmin: true });
    const cookie = await signIn(server, admin);
    expect((await server.request('PUT', `/api/admin/users/${user.id}/credits`, { cookie, body: { credits: 50 } })).status).toBe(200);
    const { page, close } = await openSignedInAs(browser, server, admin);
    await inVietnamese(page);
    await page.goto(`${server.url}/history`);
    const table = page.getByTestId('history-table');
    await expect.poll(() => table.textContent()).toContain('Quản trị viên vi_root đặt số dư từ 10 thành 50');
    expect(await table.textContent()).not.toMatch(/Balance set|Start credits/);
    await close();
  });

  it("writes the landing page's dollar prices in Vietnamese, like its credit counts", async () => {
    const { page, close } = await openPage(browser);
    await inVietnamese(page);
    await page.goto(`${server.url}/`);
    const usd = page.getByTestId('usd-text-to-image');
    await expect.poll(() => usd.textContent()).toMatch(/^0,025\s?US\$/);
    await close();
  });
});
