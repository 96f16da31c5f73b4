// Account security as a person meets it, on a phone and a desktop, in English and Vietnamese: passkeys with Chromium's
// virtual authenticator (add one, sign in with it, a removed one refused, a replayed answer refused), an authenticator
// app with its recovery codes, forgot password and email verification through a real SMTP server in the test process,
// where one is signed in, and the admin's step-up prompt, audit log and second-factor rule.
import { createUser, signIn, type TestServer } from '@app/api/testing';
import { linkIn, startSmtpServer, type TestInbox } from '@app/api/testing/smtp';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import accountEn from '../../packages/i18n/src/catalog/account/en.ts';
import accountVi from '../../packages/i18n/src/catalog/account/vi.ts';
import securityEn from '../../packages/i18n/src/catalog/security/en.ts';
import securityVi from '../../packages/i18n/src/catalog/security/vi.ts';
import { DESKTOP, expectHeading, PHONE } from './support/browser.ts';
import {
  addVirtualAuthenticator,
  fitsWidth,
  type Language,
  localOrigin,
  openIn,
  storedCredentials,
  typeSignIn,
} from './support/security.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;
let inbox: TestInbox;
let origin: string;

beforeAll(async () => {
  inbox = await startSmtpServer();
  ({ server, browser } = await startUiServer({
    config: { mail: { smtpUrl: inbox.url, from: 'Studio <no-reply@studio.test>', outboxDir: '' } },
  }));
  origin = localOrigin(server);
});

afterAll(async () => {
  await stopUiServer({ server, browser });
  await inbox?.close();
});

const words = { en: { ...accountEn, ...securityEn }, vi: { ...accountVi, ...securityVi } };
const signInLabels = (language: Language) => ({
  form: words[language].loginTitle,
  username: words[language].username,
  password: words[language].password,
  submit: words[language].signInButton,
});
const CASES = [
  { name: 'desktop, English', viewport: DESKTOP, language: 'en' as const },
  { name: 'phone, Vietnamese', viewport: PHONE, language: 'vi' as const },
];

/** Waits for the header to show this user signed in (its account menu names them). */
const signedInAs = (page: Page, username: string) =>
  expect
    .poll(() =>
      page.evaluate(
        (name) => (document.body.textContent ?? '').includes(name) && !document.querySelector('[data-testid="signin-prompt"]'),
        username,
      ),
    )
    .toBe(true);

async function openMyAccount(page: Page, language: Language) {
  await page.goto(`${origin}/my-account`);
  await expectHeading(page, words[language].myAccountTitle);
  await page.getByRole('heading', { name: words[language].sectionTitle, exact: true }).waitFor();
}

async function toastSays(page: Page, title: string) {
  await page.locator('.ui-Toast-title', { hasText: title }).first().waitFor({ timeout: 15_000 });
}

describe('passkeys', () => {
  for (const { name, viewport, language } of CASES) {
    it(`${name}: added from My Account, signs in alone, refused once removed, and an answer never works twice`, async () => {
      const w = words[language];
      const user = await createUser(server, { password: 'passkey-pass-1' });
      const { page, errors, close } = await openIn(browser, viewport, language);
      try {
        const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
        await page.goto(`${origin}/login`);
        await typeSignIn(page, signInLabels(language), user.username, user.password);
        await toastSays(page, w.loginSucceeded);

        await openMyAccount(page, language);
        const card = page.getByTestId('passkeys-card');
        await card.getByLabel(w.passkeyName).fill('Work laptop');
        await card.getByRole('button', { name: w.passkeyAdd }).click();
        await toastSays(page, w.passkeyAdded);
        await expect.poll(() => card.getByTestId('passkey-row').count()).toBe(1);
        await expect.poll(() => card.getByTestId('passkey-row').first().textContent()).toContain('Work laptop');
        expect(await storedCredentials(cdp, authenticatorId)).toBe(1);
        expect(await fitsWidth(page, '.security-card')).toBe(true);

        // Signed out, the passkey alone signs in; its answer is kept to be replayed afterwards.
        await page.context().clearCookies();
        await page.goto(`${origin}/login`);
        const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/passkey');
        await page.getByRole('button', { name: w.passkeyButton }).click();
        const answer = (await sent).postData() ?? '';
        expect(JSON.parse(answer).passkey.id).toBeTruthy();
        await toastSays(page, w.loginSucceeded);
        await signedInAs(page, user.username);

        // The same answer sent again: its challenge was used up.
        const replay = await page.evaluate(async (body) => {
          const response = await fetch('/api/auth/passkey', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          return { status: response.status, code: ((await response.json()) as { code: string }).code };
        }, answer);
        expect(replay).toEqual({ status: 401, code: 'passkey_invalid' });

        // Removed from the account, the passkey the device still holds no longer signs in.
        await openMyAccount(page, language);
        await page.getByRole('button', { name: w.passkeyRemoveNamed.replace('{name}', 'Work laptop') }).click();
        await toastSays(page, w.passkeyRemoved);
        await expect.poll(() => page.getByTestId('passkey-row').count()).toBe(0);
        await page.context().clearCookies();
        await page.goto(`${origin}/login`);
        await page.getByRole('button', { name: w.passkeyButton }).click();
        await toastSays(page, w.loginFailed);
        expect(await storedCredentials(cdp, authenticatorId)).toBe(1);
        const who = await page.evaluate(async () => (await (await fetch('/api/auth/current-user')).json()) as { user: unknown });
        expect(who.user).toBeNull();
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});

describe('authenticator app', () => {
  for (const { name, viewport, language } of [...CASES].reverse()) {
    it(`${name}: set up with its key, asked after the password, and a recovery code gets in`, async () => {
      const w = words[language];
      const user = await createUser(server, { password: 'totp-pass-123' });
      const { page, errors, close } = await openIn(browser, viewport, language);
      try {
        await page.goto(`${origin}/login`);
        await typeSignIn(page, signInLabels(language), user.username, user.password);
        await toastSays(page, w.loginSucceeded);
        await openMyAccount(page, language);

        await page.getByRole('button', { name: w.totpSetUp }).click();
        const dialog = page.getByRole('dialog', { name: w.totpSetUpTitle });
        const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? '';
        expect(await dialog.getByRole('img', { name: w.qrLabel }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
        await dialog.getByLabel(w.codeLabel).fill(await generate({ secret }));
        await dialog.getByRole('button', { name: w.totpConfirm }).click();
        const codes = page.getByTestId('recovery-codes');
        await codes.waitFor();
        const recovery = (await codes.locator('code').allTextContents()).map((code) => code.trim());
        expect(recovery).toHaveLength(10);
        await page.getByRole('button', { name: w.recoverySaved }).click();
        await expect.poll(() => page.getByTestId('two-factor-card').textContent()).toContain(w.on);

        await page.context().clearCookies();
        await page.goto(`${origin}/login`);
        await typeSignIn(page, signInLabels(language), user.username, user.password);
        const step = page.getByRole('form', { name: w.secondFactorTitle });
        await step.waitFor();
        // No session yet.
        const before = await page.evaluate(async () => (await (await fetch('/api/auth/current-user')).json()) as { user: unknown });
        expect(before.user).toBeNull();
        await step.getByLabel(w.codeLabel).fill('000000');
        await step.getByRole('button', { name: w.secondFactorSubmit }).click();
        await toastSays(page, w.secondFactorFailed);
        await step.getByLabel(w.codeLabel).fill(recovery[0] ?? '');
        await step.getByLabel(w.codeLabel).press('Enter');
        await toastSays(page, w.loginSucceeded);
        await signedInAs(page, user.username);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});

describe('forgot password and email verification', () => {
  for (const { name, viewport, language } of CASES) {
    it(`${name}: the mailed link verifies the address, and a reset link sets a new password`, async () => {
      const w = words[language];
      const email = `reader.${language}@example.com`;
      const user = await createUser(server, { email, password: 'forgotten-1' });
      const { page, errors, close } = await openIn(browser, viewport, language);
      try {
        // Verify the address from My Account.
        const [cookieName, cookieValue] = (await signIn(server, user)).split('=') as [string, string];
        await page.context().addCookies([{ name: cookieName, value: cookieValue, url: origin }]);
        await openMyAccount(page, language);
        let since = inbox.mails.length;
        await page.getByTestId('email-card').getByRole('button', { name: w.sendVerification }).click();
        await toastSays(page, w.verifySent);
        const verification = await inbox.next(email, { since });
        await page.goto(linkIn(verification, '/login/verify-email'));
        await page.getByTestId('verify-done').waitFor();
        await openMyAccount(page, language);
        await expect.poll(() => page.getByTestId('email-card').textContent()).toContain(w.emailVerified);

        // Forgot the password: signed out, from /login.
        await page.context().clearCookies();
        await page.goto(`${origin}/login`);
        await page.getByRole('link', { name: w.forgotPasswordLink }).click();
        const form = page.getByRole('form', { name: w.forgotTitle });
        await form.getByLabel(w.forgotEmailLabel).fill(email);
        since = inbox.mails.length;
        await form.getByRole('button', { name: w.forgotSubmit }).click();
        await page.getByTestId('reset-sent').waitFor();
        const reset = await inbox.next(email, { since });
        expect(reset.subject).toBe(language === 'vi' ? 'Đặt lại mật khẩu' : 'Reset your password');
        await page.goto(linkIn(reset, '/login/reset-password'));
        const resetForm = page.getByRole('form', { name: w.resetTitle });
        await resetForm.getByLabel(w.resetNewPassword, { exact: true }).fill('remembered-2');
        await resetForm.getByLabel(w.resetConfirm, { exact: true }).fill('remembered-2');
        await resetForm.getByRole('button', { name: w.resetSubmit }).click();
        await toastSays(page, w.resetDone);
        await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
        await typeSignIn(page, signInLabels(language), user.username, 'remembered-2');
        await toastSays(page, w.loginSucceeded);

        // The link was single use.
        await page.goto(linkIn(reset, '/login/reset-password'));
        const again = page.getByRole('form', { name: w.resetTitle });
        await again.getByLabel(w.resetNewPassword, { exact: true }).fill('third-pass-3');
        await again.getByLabel(w.resetConfirm, { exact: true }).fill('third-pass-3');
        await again.getByRole('button', { name: w.resetSubmit }).click();
        await toastSays(page, w.resetFailed);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});

describe('where am I signed in', () => {
  it('lists both browsers, marks this one, and signs the other out', async () => {
    const w = words.en;
    const user = await createUser(server, { password: 'two-browsers' });
    const other = await openIn(browser, PHONE, 'vi');
    const mine = await openIn(browser, DESKTOP, 'en');
    try {
      for (const [opened, language] of [
        [other, 'vi'],
        [mine, 'en'],
      ] as const) {
        await opened.page.goto(`${origin}/login`);
        await typeSignIn(opened.page, signInLabels(language), user.username, user.password);
        await toastSays(opened.page, words[language].loginSucceeded);
      }
      await openMyAccount(mine.page, 'en');
      const rows = mine.page.getByTestId('sessions-card').getByTestId('session-row');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.first().getAttribute('data-current')).toBe('true');
      expect(await rows.first().textContent()).toContain(w.thisDevice);
      await mine.page.getByRole('button', { name: w.endOthers }).click();
      await expect.poll(() => rows.count()).toBe(1);
      const gone = await other.page.evaluate(async () => (await (await fetch('/api/auth/current-user')).json()) as { user: unknown });
      expect(gone.user).toBeNull();

      // The phone's layout: every security card within the screen.
      await other.page.context().addCookies([{ name: 'sid', value: (await signIn(server, user)).slice(4), url: origin }]);
      await openMyAccount(other.page, 'vi');
      expect(await fitsWidth(other.page, '.security-card, .security-section')).toBe(true);
    } finally {
      await other.close();
      await mine.close();
    }
  });
});

describe('admin', () => {
  it('desktop, English: an old session is asked to confirm before credits move; the audit log shows it', async () => {
    const w = words.en;
    const admin = await createUser(server, { isAdmin: true, password: 'admin-pass-9' });
    const target = await createUser(server, { credits: 3 });
    const { page, errors, close } = await openIn(browser, DESKTOP, 'en');
    try {
      const cookie = await signIn(server, admin);
      await page.context().addCookies([{ name: 'sid', value: cookie.slice(4), url: origin }]);
      // The session's last check was long ago.
      await server.orm.em.fork().execute(`update "sessions" set "verified_at" = now() - interval '1 hour' where "user_id" = ?`, [admin.id]);

      await page.goto(`${origin}/admin?section=users`);
      await page.getByRole('button', { name: `Edit credits of ${target.username}` }).click({ timeout: 20_000 });
      const credits = page.getByRole('dialog', { name: 'Edit Credits' });
      await credits.getByLabel('New credits amount').fill('40');
      await credits.getByRole('button', { name: 'Update Credits' }).click();

      const prompt = page.getByRole('dialog', { name: w.stepUpTitle });
      await prompt.waitFor();
      await prompt.getByLabel(w.passwordLabel, { exact: true }).fill('admin-pass-9');
      await prompt.getByRole('button', { name: w.confirm }).click();
      await expect
        .poll(
          async () =>
            (await server.orm.em.fork().execute<{ credits: number }[]>('select "credits" from "users" where "id" = ?', [target.id]))[0]
              ?.credits,
        )
        .toBe(40);

      await page.goto(`${origin}/admin?section=audit`);
      const log = page.getByTestId('audit-log');
      await log.waitFor({ timeout: 20_000 });
      const entry = log.locator('[data-action="user.credits_adjusted"]').first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain('3 → 40');
      expect(await entry.textContent()).toContain(admin.username);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('phone, Vietnamese: while admins must use a second factor, one without is sent to set it up', async () => {
    const w = words.vi;
    const keeper = await createUser(server, { isAdmin: true });
    const lone = await createUser(server, { isAdmin: true });
    const { page, close } = await openIn(browser, PHONE, 'vi');
    try {
      await server.orm.em.fork().execute('update "admin_settings" set "admins_require_second_factor" = true');
      void keeper;
      await page.context().addCookies([{ name: 'sid', value: (await signIn(server, lone)).slice(4), url: origin }]);
      await page.goto(`${origin}/admin`);
      await toastSays(page, w.adminSetUpTitle);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/my-account');
      await page.getByTestId('second-factor-required').waitFor();
      expect(await page.getByTestId('second-factor-required').textContent()).toBe(w.adminMustSetUp);
      expect(await fitsWidth(page, '.security-card')).toBe(true);
    } finally {
      await server.orm.em.fork().execute('update "admin_settings" set "admins_require_second_factor" = null');
      await close();
    }
  });
});
