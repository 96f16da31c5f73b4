// Accounts in the browser: the sign-in and register forms, a whole account life (register, sign in, the
// start credits in the header, logout, password change), Google sign-in through a fake OpenID provider.
import { createUser, startTestServer, type TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettings } from '../../api/src/modules/settings/index.ts';
import { type FakeOidc, startFakeOidc } from '../../api/test/fakes/oidc-server.ts';
import { headerAccount, openSignedInAs, savedAuth, submitSignIn, toastWithTitle } from './support/account.ts';
import { expectHeading, launchBrowser, openPage } from './support/browser.ts';
import { assertUiBuilt, HOST_DIST } from './support/ui-build.ts';

const START_CREDITS = 25;

let idp: FakeOidc;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  assertUiBuilt();
  idp = await startFakeOidc({ identity: { sub: 'google-sub-ann', email: 'ann.lee@example.test', email_verified: true, name: 'Ann Lee' } });
  server = await startTestServer({ staticDir: HOST_DIST, config: { googleIssuer: idp.issuer } });
  await server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { startCredits: START_CREDITS });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await idp?.close();
});

const path = (url: string) => new URL(url).pathname;

describe('sign-in and register forms', () => {
  it('checks the fields in the browser with the spec messages and calls nothing while they are wrong', async () => {
    const { page, requests, close } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await expectHeading(page, 'Sign In');
    await page.getByRole('form', { name: 'Sign In' }).getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();
    expect(await page.getByText('Password is required').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectHeading(page, 'Create Account');
    const form = page.getByRole('form', { name: 'Create Account' });
    await form.getByLabel('Username', { exact: true }).fill('ab');
    await form.getByLabel('Email (optional)').fill('ann@example');
    await form.getByLabel('Password', { exact: true }).fill('12345');
    await form.getByLabel('Confirm Password', { exact: true }).fill('54321');
    await form.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'Username must be at least 3 characters',
      'Invalid email address',
      'Password must be at least 6 characters',
      "Passwords don't match",
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    await form.getByLabel('Confirm Password', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('Please confirm your password', { exact: true }).waitFor();
    expect(requests.filter((url) => /\/api\/auth\/(login|register)$/.test(url))).toEqual([]);
    await close();
  });

  it('puts the server field error on the field: a taken username', async () => {
    await createUser(server, { username: 'taken_name' });
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const form = page.getByRole('form', { name: 'Create Account' });
    await form.getByLabel('Username', { exact: true }).fill('TAKEN_name');
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByLabel('Confirm Password', { exact: true }).fill('secret123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    expect(await toastWithTitle(page, 'Registration failed')).toContain('Username is already taken');
    await form.locator('.ui-FieldError', { hasText: 'Username is already taken' }).waitFor();
    expect(await form.getByLabel('Username', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await close();
  });

  it('titles and words a failed sign-in in Vietnamese when the page is in Vietnamese', async () => {
    const { page, close } = await openPage(browser);
    await page.addInitScript(() => localStorage.setItem('app-language', 'vi'));
    await page.goto(`${server.url}/login`);
    await expectHeading(page, 'Đăng nhập');
    const form = page.getByRole('form', { name: 'Đăng nhập' });
    await form.getByLabel('Tên đăng nhập', { exact: true }).fill('nobody_here');
    await form.getByLabel('Mật khẩu', { exact: true }).fill('whatever1');
    await form.getByRole('button', { name: 'Đăng nhập' }).click();
    expect(await toastWithTitle(page, 'Đăng nhập thất bại')).toContain('Tên đăng nhập hoặc mật khẩu không đúng.');
    await close();
  });
});

describe('an account from registration to a new password', () => {
  it('registers, signs in with the start credits shown, logs out, changes the password and only the new one works', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const register = page.getByRole('form', { name: 'Create Account' });
    await register.getByLabel('Username', { exact: true }).fill('nova');
    await register.getByLabel('Email (optional)').fill('nova@example.com');
    await register.getByLabel('Password', { exact: true }).fill('first-secret');
    await register.getByLabel('Confirm Password', { exact: true }).fill('first-secret');
    await register.getByRole('button', { name: 'Create Account' }).click();

    // Registering does not sign in: back to an empty sign-in form.
    expect(await toastWithTitle(page, 'Registration successful')).toContain('Sign in to continue');
    await expectHeading(page, 'Sign In');
    expect(await page.getByRole('form', { name: 'Sign In' }).getByLabel('Username', { exact: true }).inputValue()).toBe('');
    expect(await headerAccount(page).getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);

    await submitSignIn(page, 'nova', 'first-secret');
    await expect.poll(() => path(page.url())).toBe('/');
    const badge = headerAccount(page).getByTestId('credits-badge');
    await expect.poll(() => badge.textContent()).toBe(`${START_CREDITS} credits`);
    expect(await badge.getAttribute('href')).toBe('/pricing');
    expect((await savedAuth(page))?.user?.username).toBe('nova');

    await page.getByRole('button', { name: 'Account menu for nova' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await headerAccount(page).getByRole('link', { name: 'Sign In' }).waitFor();
    expect(path(page.url())).toBe('/');
    expect(await savedAuth(page)).toEqual({ user: null, isAuthenticated: false });

    await page.goto(`${server.url}/login`);
    await submitSignIn(page, 'nova', 'first-secret');
    await expect.poll(() => path(page.url())).toBe('/');
    await page.getByRole('button', { name: 'Account menu for nova' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expectHeading(page, 'My Account');
    expect(await page.getByTestId('profile-credits').textContent()).toBe(String(START_CREDITS));
    expect(await page.getByTestId('account-type').textContent()).toBe('Standard User');
    expect(await page.getByTestId('profile').textContent()).toContain('nova@example.com');

    // A wrong current password: the server's message, on the field too.
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password', { exact: true }).fill('not-the-password');
    await dialog.getByLabel('New password', { exact: true }).fill('second-secret');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('second-secret');
    await dialog.getByRole('button', { name: 'Update password' }).click();
    expect(await toastWithTitle(page, 'Could not change password')).toContain('Current password is incorrect');
    await dialog.locator('.ui-FieldError', { hasText: 'Current password is incorrect' }).waitFor();

    await dialog.getByLabel('Current password', { exact: true }).fill('first-secret');
    await dialog.getByRole('button', { name: 'Update password' }).click();
    await toastWithTitle(page, 'Password changed');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Account menu for nova' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await headerAccount(page).getByRole('link', { name: 'Sign In' }).waitFor();

    await page.goto(`${server.url}/login`);
    await submitSignIn(page, 'nova', 'first-secret');
    expect(await toastWithTitle(page, 'Sign in failed')).toContain('Invalid username or password');
    expect(path(page.url())).toBe('/login');
    expect(await headerAccount(page).getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);

    await submitSignIn(page, 'nova', 'second-secret');
    await expect.poll(() => path(page.url())).toBe('/');
    await expect.poll(() => headerAccount(page).getByTestId('credits-badge').textContent()).toBe(`${START_CREDITS} credits`);
    expect(errors).toEqual([]);
    await close();
  });

  it('checks the change-password dialog on its fields before calling the server: empty fields, the same password', async () => {
    const user = await createUser(server, { password: 'kept-secret' });
    const { page, requests, close } = await openSignedInAs(browser, server, user);
    await page.goto(`${server.url}/my-account`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const fieldError = (text: string) => dialog.locator('.ui-FieldError', { hasText: text });
    // Empty: every missing field says so where it is, as the other forms do; no toast.
    await dialog.getByRole('button', { name: 'Update password' }).click();
    await fieldError('Current password is required').waitFor();
    await fieldError('New password is required').waitFor();
    expect(await page.locator('.ui-Toast').count()).toBe(0);
    expect(await dialog.getByLabel('Current password', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Current password', { exact: true }).fill('kept-secret');
    await dialog.getByLabel('New password', { exact: true }).fill('abc');
    await dialog.getByRole('button', { name: 'Update password' }).click();
    await fieldError('New password must be at least 6 characters').waitFor();
    expect(await fieldError('Current password is required').count()).toBe(0);

    // The current password again is no change.
    await dialog.getByLabel('New password', { exact: true }).fill('kept-secret');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('kept-secret');
    await dialog.getByRole('button', { name: 'Update password' }).click();
    await fieldError('New password must be different from the current password').waitFor();

    await dialog.getByLabel('New password', { exact: true }).fill('abcdef');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('abcdeg');
    await dialog.getByRole('button', { name: 'Update password' }).click();
    await fieldError('Password confirmation does not match').waitFor();
    expect(requests.filter((url) => url.endsWith('/api/user/change-password'))).toEqual([]);
    expect(await page.locator('.ui-Toast').count()).toBe(0);
    await close();
  });
});

describe('Google sign-in', () => {
  const enableGoogle = (enabled: boolean) =>
    server.orm.em.fork().nativeUpdate(
      AdminSettings,
      { id: 1 },
      {
        googleAuthEnabled: enabled,
        googleClientId: idp.clientId,
        googleClientSecret: idp.clientSecret,
        googleRedirectUri: `${server.url}/api/auth/google/callback`,
      },
    );

  it('offers no Google button while Google sign-in is off', async () => {
    await enableGoogle(false);
    const { page, requests, close } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await expectHeading(page, 'Sign In');
    await expect.poll(() => requests.some((url) => url.endsWith('/api/auth/google/status'))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    expect(await page.getByText('Or continue with').count()).toBe(0);
    await close();
  });

  it('signs in through the OpenID provider and lands home with the account in the header and a clean address', async () => {
    await enableGoogle(true);
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByText('Or continue with').waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    expect(await toastWithTitle(page, 'Signed in with Google')).toContain('Welcome, ann.lee!');
    await expect.poll(() => page.url()).toBe(`${server.url}/`);
    await page.getByRole('button', { name: 'Account menu for ann.lee' }).waitFor();
    expect(await headerAccount(page).getByTestId('credits-badge').textContent()).toBe(`${START_CREDITS} credits`);
    expect(idp.authorizeRequests.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows why Google sign-in failed, cleans the address and goes home', async () => {
    await enableGoogle(true);
    idp.denyNext('access_denied');
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    expect(await toastWithTitle(page, 'Google Sign In failed')).toContain('Google sign-in was cancelled.');
    await expect.poll(() => page.url()).toBe(`${server.url}/`);
    expect(await headerAccount(page).getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
    await close();
  });
});
