// A click right after fixing a field submits. Each case does what a person does: type a wrong value, click
// elsewhere (the message appears), fix the value, then press the mouse on the button once, at the place the
// button was when the pointer went down. Before the fix the message vanished on blur under that press, the
// button moved up by the message's height and the click landed on empty space.
import { createUser, type TestServer } from '@app/api/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInAs } from './support/account.ts';
import { expectHeading, openPage } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer());
});

afterAll(async () => {
  await stopUiServer({ server, browser });
});

/** Presses and releases the mouse once at the centre the button has now, like a person's single click. */
async function clickOnce(page: Page, button: Locator): Promise<void> {
  // As a person scrolls to a button below the fold before pressing it (the mouse cannot press off screen).
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('button not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.up();
}

/** Clicks an empty spot of the page (the heading), which takes the focus off the field. */
async function clickElsewhere(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().click();
}

/** Counts the calls to `path` the page makes from now on. */
function countCalls(page: Page, path: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

describe('the first click after a validation message submits', () => {
  it('sign in: Username is required, then fixed', async () => {
    await createUser(server, { username: 'first_click', password: 'secret123' });
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await expectHeading(page, 'Sign In');
    const form = page.getByRole('form', { name: 'Sign In' });
    const username = form.getByLabel('Username', { exact: true });
    await username.fill('  ');
    await clickElsewhere(page);
    await form.getByText('Username is required', { exact: true }).waitFor();
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await username.fill('first_click');
    const logins = countCalls(page, /^\/api\/auth\/login$/);
    await clickOnce(page, form.getByRole('button', { name: 'Sign In' }));
    await expect.poll(logins).toBe(1);
    await page.waitForURL(`${server.url}/`);
    await close();
  });

  it("register: Passwords don't match, then fixed", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectHeading(page, 'Create Account');
    const form = page.getByRole('form', { name: 'Create Account' });
    await form.getByLabel('Username', { exact: true }).fill('new_clicker');
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    const confirm = form.getByLabel('Confirm Password', { exact: true });
    await confirm.fill('secret12');
    await clickElsewhere(page);
    await form.getByText("Passwords don't match", { exact: true }).waitFor();
    await confirm.fill('secret123');
    const registers = countCalls(page, /^\/api\/auth\/register$/);
    await clickOnce(page, form.getByRole('button', { name: 'Create Account' }));
    await expect.poll(registers).toBe(1);
    await expectHeading(page, 'Sign In');
    await close();
  });

  it('create token: an empty name, then fixed', async () => {
    const user = await createUser(server, { username: 'token_clicker' });
    const { page, close } = await openSignedInAs(browser, server, user);
    await page.goto(`${server.url}/api`);
    await page
      .getByRole('button', { name: /Create Token/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const name = dialog.getByLabel(/name/i).first();
    await name.fill('  ');
    await dialog.getByRole('heading').first().click();
    await dialog.locator('.ui-FieldError').first().waitFor();
    await name.fill('n8n laptop');
    const creates = countCalls(page, /^\/api\/user-tokens$/);
    await clickOnce(page, dialog.getByRole('button', { name: /Create/i }).last());
    await expect.poll(creates).toBe(1);
    await close();
  });

  it('generate: a seed out of range keeps its value and says why, then the fixed seed submits', async () => {
    const user = await createUser(server, { username: 'seed_clicker', credits: 20 });
    const { page, close } = await openSignedInAs(browser, server, user);
    await page.goto(`${server.url}/generate`);
    await expectHeading(page, 'AI Image Studio');
    await page.getByRole('textbox', { name: 'Prompt' }).fill('A quiet harbour at night, lanterns on the water');
    const seed = page.getByRole('textbox', { name: 'Seed (optional)' });
    await seed.fill('5');
    await clickElsewhere(page);
    await page.getByText('Seed must be between 10000 and 99999', { exact: true }).waitFor();
    // Not silently changed to 10000.
    expect(await seed.inputValue()).toBe('5');
    await seed.fill('12345');
    const generations = countCalls(page, /^\/api\/generate-image$/);
    await clickOnce(page, page.getByRole('button', { name: 'Generate Image' }));
    await expect.poll(generations).toBe(1);
    await close();
  });
});
