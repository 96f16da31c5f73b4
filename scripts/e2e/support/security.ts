// Helpers of the account security browser tests: pages on `localhost` (passkeys need a domain, not an address),
// in English or Vietnamese, Chromium's virtual authenticator, and the sign-in form typed as a person types it.
import type { TestServer } from '@app/api/testing';
import type { Browser, CDPSession, Page } from 'playwright-core';

export type Language = 'en' | 'vi';

/** The server's address with `localhost` for its host: a valid relying party id for WebAuthn. */
export const localOrigin = (server: TestServer) => server.url.replace('127.0.0.1', 'localhost');

export interface SecurityPage {
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

/** A fresh browser context at `viewport`, in `language` (the browser's preferred language, as a person's is). */
export async function openIn(browser: Browser, viewport: { width: number; height: number }, language: Language): Promise<SecurityPage> {
  const context = await browser.newContext({ viewport, locale: language === 'vi' ? 'vi-VN' : 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/**
 * A platform authenticator with resident keys and user verification, as a phone's or laptop's built-in one (DevTools
 * protocol, WebAuthn domain); every browser context needs its own.
 */
export async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

/** The credentials the virtual authenticator holds. */
export async function storedCredentials(cdp: CDPSession, authenticatorId: string): Promise<number> {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials.length;
}

/** Types username and password into /login's form, leaves each field as a person does, and presses the button once. */
export async function typeSignIn(
  page: Page,
  labels: { form: string; username: string; password: string; submit: string },
  username: string,
  password: string,
) {
  const form = page.getByRole('form', { name: labels.form });
  await form.getByLabel(labels.username, { exact: true }).fill(username);
  await form.getByLabel(labels.username, { exact: true }).press('Tab');
  await form.getByLabel(labels.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: labels.submit }).click();
}

/** Every element matched lies within the viewport's width (nothing pushes the page sideways). */
export async function fitsWidth(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll(css)].every((element) => {
      const box = element.getBoundingClientRect();
      return box.left >= -0.5 && box.right <= width + 0.5;
    });
  }, selector);
}
