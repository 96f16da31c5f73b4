// The admin dashboard against the real API, with the admin remote served from another port than the host:
// each section's main action, seen through the toasts, the page and the API.

import { createToken, createUser } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.ts';
import { type FakeKieServer, startFakeKieServer } from '../../api/test/fakes/kie-server.ts';
import { type FakeTelegram, startFakeTelegram } from '../../api/test/fakes/telegram-server.ts';
import {
  type AdminStage,
  goClientSide,
  openSignedIn,
  type SignedInUser,
  signedInUser,
  startAdminStage,
  toastText,
} from './support/admin-session.ts';
import { expectHeading, launchBrowser } from './support/browser.ts';
import { assertUiBuilt } from './support/ui-build.ts';

let stage: AdminStage;
let browser: Browser;
let admin: SignedInUser;
let telegram: FakeTelegram;
let kie: FakeKieServer;
const KIE_TOKEN = 'kie_e2e_account_token_0001';

beforeAll(async () => {
  assertUiBuilt();
  telegram = await startFakeTelegram();
  // The KIE account added below reports 1234 credits when its balance is refreshed.
  kie = await startFakeKieServer({ accounts: { [KIE_TOKEN]: { credits: 1234 } } });
  stage = await startAdminStage({
    config: { billing: { telegramBaseUrl: telegram.url } },
    // Results are fetched from the fake on 127.0.0.1, which the guarded fetch only allows when told.
    studio: { kie: { ...loadConfig({ NODE_ENV: 'test' }).studio.kie, baseUrl: kie.url }, allowPrivateFetchFor: [new URL(kie.url).host] },
  });
  admin = await signedInUser(stage.server, { isAdmin: true, username: 'root_admin' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stage?.close();
  await telegram?.close();
  await kie?.close();
});

/** GET an admin endpoint as the admin, to check what the UI stored. */
async function adminGet<T>(path: string): Promise<T> {
  const response = await stage.server.request<T>('GET', path, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return response.body;
}

describe('API Settings', () => {
  it('saves a card and shows Settings updated; out-of-range costs are refused in the form', async () => {
    const { page, errors, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin`);
    await expectHeading(page, 'Admin Dashboard');

    const general = page.getByTestId('settings-general');
    await general.getByRole('textbox', { name: 'Starting credits' }).fill('25');
    await general.getByRole('button', { name: 'Save' }).click();
    expect(await toastText(page, 'Settings updated')).toContain('Settings updated');
    await expect.poll(async () => (await adminGet<{ startCredits: number }>('/api/admin/settings')).startCredits).toBe(25);

    // Studio costs are 1 to 1000: 1001 gets the message and nothing is saved.
    const prices = page.getByTestId('settings-prices');
    const studioText = prices.getByTestId('studio-costs').getByRole('textbox', { name: 'Text to image' });
    await studioText.fill('1001');
    await prices.getByRole('button', { name: 'Save' }).click();
    await prices.getByText('Must be a whole number from 1 to 1000').waitFor();
    expect((await adminGet<{ nanoBananaCredits: number }>('/api/admin/settings')).nanoBananaCredits).toBe(2);

    await studioText.fill('7');
    await prices.getByTestId('api-prices').getByRole('textbox', { name: 'Text to image' }).fill('9');
    await prices.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Settings updated');
    await expect
      .poll(async () => {
        const settings = await adminGet<{ nanoBananaCredits: number; nanoBananaApiPrice: number }>('/api/admin/settings');
        return [settings.nanoBananaCredits, settings.nanoBananaApiPrice];
      })
      .toEqual([7, 9]);
    expect(errors).toEqual([]);
    await close();
  });

  it("switches the card payments' environment with its labelled native select and saves it", async () => {
    const { page, errors, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=settings`);
    const card = page.getByTestId('settings-card-payments');
    const environment = card.getByRole('combobox', { name: 'Environment' });
    expect(await environment.inputValue()).toBe('test');
    await environment.selectOption({ label: 'Production (prod)' });
    await card.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Settings updated');
    await expect.poll(async () => (await adminGet<{ creemEnvironment: string }>('/api/admin/settings')).creemEnvironment).toBe('prod');
    expect(errors).toEqual([]);
    await close();
  });

  it('stores a secret write-only: the hint shows its end, and saving it empty keeps it', async () => {
    const { page, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=settings`);
    const provider = page.getByTestId('settings-provider');
    const token = provider.getByLabel('API Token', { exact: true });
    expect(await token.getAttribute('type')).toBe('password');
    await token.fill('kie_e2e_secret_token_wxyz');
    await provider.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Settings updated');
    await provider.getByText('set (••••wxyz)').waitFor();
    expect(await token.inputValue()).toBe('');

    // Saved again with the field empty: still set, same hint.
    await provider.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Settings updated');
    const settings = await adminGet<{ kieTokenSet: boolean; kieTokenHint: string }>('/api/admin/settings');
    expect(settings).toMatchObject({ kieTokenSet: true, kieTokenHint: '••••wxyz' });
    await close();
  });

  it('saves the Telegram bot and sends a test message through it, reporting a refusal as Telegram Test Failed', async () => {
    const { page, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=settings`);
    const card = page.getByTestId('settings-telegram');
    await card.getByLabel('Bot Token', { exact: true }).fill(telegram.botToken);
    await card.getByRole('textbox', { name: 'Chat ID' }).fill(telegram.chatId);
    await card.getByRole('button', { name: 'Save Telegram Settings' }).click();
    await toastText(page, 'Telegram Settings Updated');

    await card.getByRole('button', { name: 'Send Test Message' }).click();
    await toastText(page, 'Telegram Test');
    expect(telegram.messages.map((message) => message.chatId)).toEqual([telegram.chatId]);

    telegram.failNext({ status: 401, description: 'Unauthorized' });
    await card.getByRole('button', { name: 'Send Test Message' }).click();
    await toastText(page, 'Telegram Test Failed');
    expect(telegram.messages).toHaveLength(1);
    await close();
  });
});

describe('Credit Packages', () => {
  it('creates, edits and deletes a package, and the public /pricing list follows each change', async () => {
    const { page, errors, close } = await openSignedIn(browser, stage.server, admin);
    const pricingNames = async () => {
      await goClientSide(page, '/pricing');
      await expectHeading(page, 'Pricing');
      // The billing remote lists packages from its (shared) cache of GET /api/credit-packages: read them once the
      // list (or its empty state) is on screen, never while it is still loading.
      await page.getByTestId('credit-package').or(page.getByText('No credit packages are available right now.')).first().waitFor();
      return page.getByTestId('credit-package').locator('h3').allTextContents();
    };
    await page.goto(`${stage.server.url}/pricing`);
    await expectHeading(page, 'Pricing');

    await goClientSide(page, '/admin?section=packages');
    await page.getByRole('button', { name: 'Add Package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Credit Package' });
    await dialog.getByRole('button', { name: 'Save Package' }).click();
    for (const message of ['Package name is required', 'Credits must be positive', 'Price must be valid']) {
      await dialog.getByText(message).waitFor();
    }
    await dialog.getByRole('textbox', { name: 'Package Name' }).fill('E2E Starter');
    await dialog.getByRole('textbox', { name: 'Credits', exact: true }).fill('750');
    await dialog.getByRole('textbox', { name: 'Price ($)' }).fill('12.5');
    await dialog.getByRole('button', { name: 'Save Package' }).click();
    expect(await toastText(page, 'Package saved')).toContain('E2E Starter');
    await page.getByTestId('package-row').filter({ hasText: 'E2E Starter' }).waitFor();
    await expect.poll(pricingNames).toContain('E2E Starter');

    await goClientSide(page, '/admin?section=packages');
    await page.getByRole('button', { name: 'Edit E2E Starter' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Credit Package' });
    expect(await edit.getByRole('textbox', { name: 'Price ($)' }).inputValue()).toBe('12.50');
    await edit.getByRole('textbox', { name: 'Package Name' }).fill('E2E Pro');
    await edit.getByRole('button', { name: 'Save Package' }).click();
    await toastText(page, 'Package saved');
    await expect.poll(pricingNames).toEqual(expect.arrayContaining(['E2E Pro']));
    expect(await pricingNames()).not.toContain('E2E Starter');

    await goClientSide(page, '/admin?section=packages');
    await page.getByRole('button', { name: 'Delete E2E Pro' }).click();
    await page.getByRole('alertdialog', { name: 'Delete package?' }).getByRole('button', { name: 'Delete' }).click();
    await toastText(page, 'Package deleted');
    await expect.poll(pricingNames).not.toContain('E2E Pro');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('KIE API Management', () => {
  it('adds an account labelled Available, refreshes its balance from KIE, and an edit below 400 credits labels it Low Credits', async () => {
    const { page, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=kie`);
    await page.getByRole('button', { name: 'Add KIE API' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add KIE API' });
    expect(await dialog.getByRole('textbox', { name: 'Total Credits' }).inputValue()).toBe('1,000');
    await dialog.getByText('500 credits per image').waitFor();
    await dialog.getByText('300 credits per image').waitFor();
    await dialog.getByRole('textbox', { name: 'API Name' }).fill('Main KIE');
    await dialog.getByLabel('API Token').fill(KIE_TOKEN);
    await dialog.getByRole('button', { name: 'Save KIE API' }).click();
    expect(await toastText(page, 'KIE API saved')).toContain('Main KIE');

    const card = page.getByTestId('kie-account').filter({ hasText: 'Main KIE' });
    await expect.poll(() => card.getByTestId('kie-status').textContent()).toBe('Available');
    expect(await card.textContent()).toContain('••••0001');

    await card.getByRole('button', { name: 'Refresh Balance' }).click();
    expect(await toastText(page, 'Balance refreshed')).toContain('Main KIE has 1,234 credits.');
    await expect.poll(() => card.locator('.admin-kie-balance .admin-numeric').textContent()).toBe('1,234');

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit KIE API' });
    expect(await edit.getByLabel('API Token').inputValue()).toBe('');
    await edit.getByRole('textbox', { name: 'Total Credits' }).fill('300');
    await edit.getByRole('button', { name: 'Save KIE API' }).click();
    await toastText(page, 'KIE API saved');
    await expect.poll(() => card.getByTestId('kie-status').textContent()).toBe('Low Credits');
    const [account] = await adminGet<Array<{ totalCredits: number; tokenHint: string }>>('/api/admin/kie-apis');
    expect(account).toMatchObject({ totalCredits: 300, tokenHint: '••••0001' });
    await close();
  });
});

describe('Image Recovery', () => {
  it('re-checks failed tasks and deletes failed images, reporting both in toasts; a refund of an unknown task fails', async () => {
    const { page, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=recovery`);
    await page.getByRole('button', { name: 'Run Recovery' }).click();
    await toastText(page, 'Image Recovery Completed');
    await page.getByTestId('recovery-recheck').getByText('Last run: 0 checked, 0 recovered.').waitFor();

    await page.getByTestId('recovery-delete').getByRole('button', { name: 'Delete Failed Images' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete all failed images?' })
      .getByRole('button', { name: 'Delete Failed Images' })
      .click();
    await toastText(page, 'Failed Images Deleted');

    const byId = page.getByTestId('recovery-refund');
    await byId.getByRole('textbox', { name: 'Task ID' }).fill('tsk_does_not_exist');
    await byId.getByRole('button', { name: 'Refund' }).click();
    await toastText(page, 'Refund Failed');
    await close();
  });

  it('refunds a failed task picked from the list after a confirmation; a second refund by id says it was already refunded', async () => {
    // A task submitted through the automation API, run by the fake KIE account (given enough credits again)
    // or, when this test runs alone, by the sandbox provider.
    for (const account of await adminGet<Array<{ id: string }>>('/api/admin/kie-apis')) {
      await stage.server.request('PUT', `/api/admin/kie-apis/${account.id}`, { cookie: admin.cookie, body: { totalCredits: 100_000 } });
    }
    const owner = await createUser(stage.server, { credits: 50 });
    const token = await createToken(stage.server, owner);
    const submit = await stage.server.request<{ taskId: string; creditsUsed: number }>('POST', '/api/n8n/generate', {
      headers: { authorization: `Bearer ${token}` },
      body: { input: { prompt: 'A lighthouse at dusk', image_size: '1:1', output_format: 'png' } },
    });
    expect(submit.status).toBe(202);
    const balance = async () => {
      const { data } = await adminGet<{ data: Array<{ id: string; credits: number }> }>('/api/admin/users');
      return data.find((user) => user.id === owner.id)?.credits;
    };
    expect(await balance()).toBe(50 - submit.body.creditsUsed);
    // Running tasks are refunded automatically if they fail, so the admin refund is for finished ones.
    await expect
      .poll(
        async () =>
          (
            await stage.server.request<{ status: string }>('GET', `/api/n8n/image-status/${submit.body.taskId}`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).body.status,
        { timeout: 45_000, interval: 1_000 },
      )
      .toBe('completed');

    // A task that ended failed without its refund: the admin finds it in the list, without knowing its id.
    await stage.server.orm.em
      .fork()
      .execute(`update "image_tasks" set "status" = 'failed', "error_message" = 'Provider timed out' where "task_id" = ?`, [
        submit.body.taskId,
      ]);

    const { page, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=recovery`);
    const row = page.getByTestId('failed-task-row').filter({ hasText: submit.body.taskId });
    await row.getByText('Provider timed out').waitFor();
    expect(await row.textContent()).toContain(owner.username);
    expect(await row.getByTestId('failed-task-refund').textContent()).toContain('Not refunded');
    await row.getByRole('button', { name: `Refund task ${submit.body.taskId} of ${owner.username}` }).click();
    // Nothing moves before the confirmation.
    const confirm = page.getByRole('alertdialog', { name: 'Refund this task?' });
    expect(await confirm.textContent()).toContain(
      `${submit.body.creditsUsed} credits of task ${submit.body.taskId} go back to ${owner.username}`,
    );
    expect(await balance()).toBe(50 - submit.body.creditsUsed);
    await confirm.getByRole('button', { name: 'Refund' }).click();
    expect(await toastText(page, 'Refund Processed')).toContain(`Refunded ${submit.body.creditsUsed} credits to user successfully`);
    await expect.poll(() => row.getByTestId('failed-task-refund').textContent()).toMatch(/^Refunded /);
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await balance()).toBe(50);

    // A second refund, by id, says plainly it was already refunded, under no "Refund Processed" heading.
    await page.reload();
    const refund = page.getByTestId('recovery-refund');
    await refund.getByRole('textbox', { name: 'Task ID' }).fill(submit.body.taskId);
    await refund.getByRole('button', { name: 'Refund' }).click();
    expect(await toastText(page, 'Nothing refunded')).toContain('This task was already refunded');
    expect(await page.locator('.ui-Toast-title', { hasText: 'Refund Processed' }).count()).toBe(0);
    await expect.poll(() => refund.getByRole('status').textContent()).toBe('This task was already refunded');
    expect(await balance()).toBe(50);
    await close();
  });
});

describe('User Management', () => {
  it('creates a user, sets their credits and disables them', async () => {
    const { page, errors, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=users`);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill('e2e_member');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('E2E.Member@Example.com');
    await dialog.getByLabel('Password').fill('secret123');
    await dialog.getByText('User can login and use the platform').waitFor();
    await dialog.getByText('User can access admin panel').waitFor();
    await dialog.getByRole('button', { name: 'Save User' }).click();
    expect(await toastText(page, 'User saved')).toContain('e2e_member');

    // The search is a case-insensitive substring of the username or the email; the count says it is filtered.
    const search = page.getByRole('searchbox', { name: 'Search by username or email' });
    await search.fill('e2e.MEMBER');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    expect(await page.getByTestId('users-showing').textContent()).toBe('Showing 1 to 1 of 1 user (filtered)');
    await search.fill('');
    await expect.poll(() => page.getByTestId('user-row').count()).toBeGreaterThan(1);
    // Only the username has "e2e_member" (the email has a dot there).
    await search.fill('E2E_member');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    const row = page.getByTestId('user-row').filter({ hasText: 'e2e_member' });

    await row.getByRole('button', { name: 'Edit credits of e2e_member' }).click();
    const credits = page.getByRole('dialog', { name: 'Edit Credits' });
    expect(await credits.getByTestId('current-credits').textContent()).toBe('0');
    await credits.getByRole('textbox', { name: 'New credits amount' }).fill('250');
    await credits.getByRole('button', { name: 'Update Credits' }).click();
    await toastText(page, 'Credits updated');
    await expect.poll(() => row.getByTestId('user-credits').textContent()).toBe('250');

    await row.locator('.admin-user-switch label').click();
    expect(await toastText(page, 'User updated')).toContain('e2e_member');
    await expect
      .poll(async () => {
        const { data } = await adminGet<{ data: Array<{ username: string; isActive: boolean; credits: number }> }>('/api/admin/users');
        return data.find((user) => user.username === 'e2e_member');
      })
      .toMatchObject({ isActive: false, credits: 250 });
    expect(errors).toEqual([]);
    await close();
  });

  it("shows the API's refusal when an admin tries to disable themselves", async () => {
    const { page, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=users`);
    const own = page.getByTestId('user-row').filter({ hasText: 'root_admin' });
    await own.getByText('You').waitFor();
    await own.locator('.admin-user-switch label').click();
    const text = await toastText(page, 'User update failed');
    expect(text.length).toBeGreaterThan('User update failed×'.length);
    expect(await own.getByRole('switch').isChecked()).toBe(true);
    await close();
  });

  it('pages 10 users at a time with numbered buttons and Previous/Next', async () => {
    await Promise.all(
      Array.from({ length: 11 }, (_, i) => signedInUser(stage.server, { username: `paged_${String(i).padStart(2, '0')}` })),
    );
    const { page, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=users`);
    const pages = page.getByRole('navigation', { name: 'User pages' });
    await pages.waitFor();
    const { total } = await adminGet<{ total: number }>('/api/admin/users');
    expect(await page.getByTestId('user-row').count()).toBe(10);
    expect(await page.getByTestId('users-showing').textContent()).toBe(`Showing 1 to 10 of ${total} users`);
    expect(await pages.getByRole('button', { name: /^Page / }).count()).toBe(Math.min(5, Math.ceil(total / 10)));
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('users-showing').textContent()).toBe(`Showing 11 to ${Math.min(20, total)} of ${total} users`);
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await close();
  });
});

describe('/history', () => {
  it('searches every transaction on the server and pages 20 at a time', async () => {
    const rich = await signedInUser(stage.server, { username: 'history_rich', email: 'rich@example.com' });
    // 22 balance changes through the admin API: each one is a ledger entry.
    for (let i = 1; i <= 22; i++) {
      const response = await stage.server.request('PUT', `/api/admin/users/${rich.id}/credits`, {
        cookie: admin.cookie,
        body: { credits: i * 10 },
      });
      expect(response.status).toBe(200);
    }
    const { page, errors, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/history`);
    await expectHeading(page, 'Transaction History');
    await page.getByRole('searchbox', { name: 'Search' }).fill('history_rich');
    const rows = page.getByTestId('history-row');
    const { total } = await adminGet<{ total: number }>('/api/admin/transactions?search=history_rich&limit=20');
    expect(total).toBeGreaterThanOrEqual(22);
    await expect.poll(() => page.getByTestId('history-showing').textContent()).toBe(`Showing 1 to 20 of ${total} transactions`);
    expect(await rows.count()).toBe(20);
    for (const text of await rows.allTextContents()) expect(text).toContain('history_rich');
    // The newest entry is the last change, +10 credits.
    expect(await rows.first().locator('[data-sign]').textContent()).toBe('+10');

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('history-showing').textContent()).toBe(`Showing 21 to ${total} of ${total} transactions`);

    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-matches-this');
    await page.getByText('No transactions match this search.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
