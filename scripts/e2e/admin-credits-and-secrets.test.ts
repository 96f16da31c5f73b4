// Admin actions on money and keys, as an admin does them: Edit Credits refuses a typo on the spot (it never
// becomes 0), shows the balance now and the change before saving and keeps the reason in the ledger; every
// stored secret has a Remove that asks first, then deletes it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transaction } from '../../api/src/modules/ledger/index.ts';
import { AdminSettings, AdminSettingsRepository } from '../../api/src/modules/settings/index.ts';
import { User } from '../../api/src/modules/users/index.ts';
import { type AdminStage, openSignedIn, type SignedInUser, signedInUser, startAdminStage, toastText } from './support/admin-session.ts';
import { expectHeading, launchBrowser } from './support/browser.ts';
import { assertUiBuilt } from './support/ui-build.ts';

let stage: AdminStage;
let browser: Browser;
let admin: SignedInUser;

beforeAll(async () => {
  assertUiBuilt();
  stage = await startAdminStage();
  admin = await signedInUser(stage.server, { isAdmin: true, username: 'money_admin' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stage?.close();
});

const em = () => stage.server.orm.em.fork();

describe('Edit Credits', () => {
  it('refuses "10abc" in the dialog, shows the balance and the change, and saves the reason in the ledger', async () => {
    const member = await signedInUser(stage.server, { username: 'credits_member', credits: 120 });
    const { page, requests, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=users`);
    const row = page.getByTestId('user-row').filter({ hasText: 'credits_member' });
    await row.getByRole('button', { name: 'Edit credits of credits_member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Credits' });
    expect(await dialog.getByTestId('current-credits').textContent()).toBe('120');
    const amount = dialog.getByRole('textbox', { name: 'New credits amount' });
    const change = dialog.getByTestId('credits-change');

    await amount.fill('10abc');
    await page.keyboard.press('Tab');
    await dialog.getByText('Enter a whole number of 0 or more (digits only)').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await change.textContent()).toBe('Change–');
    await dialog.getByRole('button', { name: 'Update Credits' }).click();
    expect(await dialog.getByText('Enter a whole number of 0 or more (digits only)').count()).toBe(1);
    expect(requests.some((url) => url.endsWith(`/api/admin/users/${member.id}/credits`))).toBe(false);
    expect((await em().findOneOrFail(User, { id: member.id })).credits).toBe(120);

    await amount.fill('90');
    await expect.poll(() => change.textContent()).toBe('Change−30');
    // The message goes with the next render after the fix: waited for, not read at once (flaky under load).
    await expect.poll(() => dialog.getByText('Enter a whole number of 0 or more (digits only)').count()).toBe(0);
    await amount.fill('250');
    await expect.poll(() => change.textContent()).toBe('Change+130');
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Goodwill for the outage');
    await dialog.getByRole('button', { name: 'Update Credits' }).click();
    expect(await toastText(page, 'Credits updated')).toContain('credits_member now has 250 credits.');
    await expect.poll(() => row.getByTestId('user-credits').textContent()).toBe('250');
    const [entry] = await em().find(Transaction, { user: member.id, type: 'adjustment' }, { orderBy: { createdAt: 'desc' }, limit: 1 });
    expect(entry).toMatchObject({ amount: 130, description: 'Balance set from 120 to 250 by admin money_admin: Goodwill for the outage' });
    await close();
  });
});

describe('stored secrets', () => {
  const SECRETS = {
    kieToken: 'kie_fallback_token_RM01',
    creemApiKey: 'creem_api_key_value_RM02',
    creemWebhookSecret: 'whsec_creem_secret_RM03',
    paypalClientSecret: 'paypal_client_secret_RM04',
    googleClientSecret: 'GOCSPX-google-secret-RM05',
    telegramBotToken: '123456:telegram-bot-token-RM06',
  };

  it('each one stored has a Remove that asks first; Cancel keeps it, Remove deletes it', async () => {
    const settingsEm = em();
    Object.assign(await new AdminSettingsRepository(settingsEm).get(), SECRETS);
    await settingsEm.flush();
    const { page, errors, close } = await openSignedIn(browser, stage.server, admin);
    await page.goto(`${stage.server.url}/admin?section=settings`);
    await expectHeading(page, 'Admin Dashboard');
    for (const name of Object.keys(SECRETS)) {
      await page
        .getByTestId(`secret-${name}`)
        .getByRole('button', { name: /^Remove the stored / })
        .waitFor();
    }

    const telegram = page.getByTestId('secret-telegramBotToken');
    expect(await telegram.textContent()).toContain('set (••••RM06)');
    await telegram.getByRole('button', { name: 'Remove the stored Bot Token' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove the Bot Token?' });
    await confirm.getByText('The stored Bot Token is deleted.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await new AdminSettingsRepository(em()).get()).telegramBotToken).toBe(SECRETS.telegramBotToken);

    await telegram.getByRole('button', { name: 'Remove the stored Bot Token' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await toastText(page, 'Telegram Settings Updated');
    await expect.poll(() => telegram.textContent()).toContain('not set');
    expect(await telegram.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    const stored = await em().findOneOrFail(AdminSettings, { id: 1 });
    expect(stored.telegramBotToken).toBeNull();
    // The others stay as they were.
    expect(stored.creemApiKey).toBe(SECRETS.creemApiKey);

    const provider = page.getByTestId('secret-kieToken');
    await provider.getByRole('button', { name: 'Remove the stored API Token' }).click();
    await page.getByRole('alertdialog', { name: 'Remove the API Token?' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => provider.textContent()).toContain('not set');
    expect((await em().findOneOrFail(AdminSettings, { id: 1 })).kieToken).toBeNull();
    expect(errors).toEqual([]);
    await close();
  });
});
