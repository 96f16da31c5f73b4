// The /api page: the default token on a first visit, a token shown once then masked, deleting with
// confirmation, failures as toasts, the integration guide for this origin and the phone layout.
import { readFile } from 'node:fs/promises';
import { createToken, createUser, signIn, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInAs, toastWithTitle } from './support/account.ts';
import { expectHeading, openPage, PHONE } from './support/browser.ts';
import { sidewaysOverflow } from './support/reflow.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer());
});

afterAll(() => stopUiServer({ server, browser }));

type Listed = { name: string; maskedToken: string };
/** The user's tokens as the API lists them. */
async function listedTokens(user: { id: string }): Promise<Listed[]> {
  const response = await server.request<Listed[]>('GET', '/api/user-tokens', { cookie: await signIn(server, user) });
  return response.body;
}

const rows = (page: Page) => page.getByTestId('token-row');
const rowNamed = (page: Page, name: string) => rows(page).filter({ has: page.locator('.token-name', { hasText: name }) });

describe('API tokens', () => {
  it('creates one Default API Token on the first visit and shows it in full once', async () => {
    const user = await createUser(server);
    const { page, errors, close } = await openSignedInAs(browser, server, user);
    await page.goto(`${server.url}/api`);
    await expectHeading(page, 'API Access');
    const fresh = page.getByTestId('new-token');
    await fresh.waitFor();
    expect(await fresh.textContent()).toContain('Default API Token');
    const full = (await page.getByTestId('new-token-value').textContent()) ?? '';
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).getByTestId('token-masked').textContent()).toMatch(new RegExp(`${full.slice(-4)}$`));

    // The next visit finds a token: nothing new is made and the full value is gone.
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await fresh.count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(full);
    expect((await listedTokens(user)).map((token) => token.name)).toEqual(['Default API Token']);
    expect(errors).toEqual([]);
    await close();
  });

  it('creates a named token shown once with a copy button, masked after a reload, and deletes it after confirmation', async () => {
    const user = await createUser(server);
    await createToken(server, user, 'Existing token');
    const { page, requests, close } = await openSignedInAs(browser, server, user);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/api`);
    await expect.poll(() => rows(page).count()).toBe(1);

    await page.getByRole('button', { name: 'Create Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API Token' });
    await dialog.getByLabel('Token name').fill('   ');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Token name is required').waitFor();
    expect(requests.filter((url) => url.endsWith('/api/user-tokens')).length).toBe(1);

    await dialog.getByLabel('Token name').fill('n8n production');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const fresh = page.getByTestId('new-token');
    expect(await fresh.textContent()).toContain('n8n production');
    const full = (await page.getByTestId('new-token-value').textContent()) ?? '';
    expect(full).toMatch(/^nbk_/);
    // The callback signing secret is shown once beside it.
    const secret = (await page.getByTestId('new-token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await fresh.getByRole('button', { name: 'Copy token' }).click();
    await fresh.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);
    await expect.poll(() => rows(page).count()).toBe(2);

    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await page.getByTestId('new-token').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(full);
    expect(await page.locator('body').textContent()).not.toContain(secret);
    const masked = (await rowNamed(page, 'n8n production').getByTestId('token-masked').textContent()) ?? '';
    expect(masked).not.toBe(full);
    expect(masked.endsWith(full.slice(-4))).toBe(true);
    expect(await rowNamed(page, 'n8n production').textContent()).toContain('Never used');

    await rowNamed(page, 'n8n production').getByRole('button', { name: 'Delete n8n production' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete API token?' });
    expect(await confirm.textContent()).toContain('“n8n production”');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await listedTokens(user)).length).toBe(2);

    await rowNamed(page, 'n8n production').getByRole('button', { name: 'Delete n8n production' }).click();
    await page.getByRole('alertdialog', { name: 'Delete API token?' }).getByRole('button', { name: 'Delete' }).click();
    await toastWithTitle(page, 'API token deleted');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect((await listedTokens(user)).map((token) => token.name)).toEqual(['Existing token']);
    await close();
  });

  it('reports failures with the spec toasts', async () => {
    const user = await createUser(server);
    const { page, close } = await openSignedInAs(browser, server, user);
    // No token yet and creation refused: the default token cannot be made.
    await page.route('**/api/user-tokens', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            json: { type: 'about:blank', title: 'Unavailable', status: 503, detail: 'Try later' },
          })
        : route.fallback(),
    );
    await page.goto(`${server.url}/api`);
    expect(await toastWithTitle(page, 'Failed to create default API token')).toContain('Try later');

    await page.getByRole('button', { name: 'Create Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API Token' });
    await dialog.getByLabel('Token name').fill('will fail');
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(await toastWithTitle(page, 'Failed to create API token')).toContain('Try later');
    await page.keyboard.press('Escape');
    await page.unroute('**/api/user-tokens');

    await createToken(server, user, 'Stays');
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.route('**/api/user-tokens/*', (route) => route.abort());
    await rows(page).getByRole('button', { name: 'Delete Stays' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toastWithTitle(page, 'Failed to delete API token');
    expect(await rows(page).count()).toBe(1);
    await close();
  });
});

describe('integration guide', () => {
  it('asks visitors to sign in and documents the automation API for this origin', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/api`);
    await page.getByTestId('signin-prompt').waitFor();
    expect(await page.getByTestId('signin-prompt').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(await page.getByTestId('token-row').count()).toBe(0);

    expect(await page.getByTestId('base-url').textContent()).toBe(server.url);
    const generate = (await page.getByTestId('curl-generate').textContent()) ?? '';
    expect(generate).toContain(`curl -X POST '${server.url}/api/n8n/generate'`);
    expect(generate).toContain("-H 'Authorization: Bearer YOUR_API_TOKEN'");
    expect(generate).toContain('"output_format": "png"');
    expect(await page.getByTestId('curl-edit').textContent()).toContain('"image_urls"');
    expect(await page.getByTestId('curl-upscale').textContent()).toContain('"scale_ratio": 2');
    expect(await page.getByTestId('curl-status').textContent()).toContain(`${server.url}/api/n8n/image-status/`);
    expect(await page.getByTestId('endpoint-edit').textContent()).toContain('up to 5 reference images');
    expect(await page.getByTestId('image-sizes').locator('li').allTextContents()).toEqual([
      'autoPicked by the model',
      '1:11024 × 1024',
      '3:4672 × 896',
      '4:3896 × 672',
      '9:16576 × 1024',
      '16:91024 × 576',
    ]);
    // The API prices of /api/pricing/current (defaults 4 / 6 / 5), the same the landing table shows as API.
    await expect
      .poll(() => page.getByTestId('api-prices').locator('li').allTextContents())
      .toEqual(['Text to image: 4 credits', 'Edit images: 6 credits', 'Upscale: 5 credits']);
    const reference = page.getByTestId('api-reference-link');
    expect(await reference.getAttribute('href')).toBe('/api/docs');
    expect(await reference.getAttribute('target')).toBe('_blank');
    // The n8n templates download from this server, pointing at it.
    const templates = page.getByTestId('template-link');
    expect(await templates.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/api/n8n/templates/generate-callback.json',
      '/api/n8n/templates/generate-polling.json',
    ]);
    const [download] = await Promise.all([page.waitForEvent('download'), templates.first().click()]);
    expect(download.suggestedFilename()).toBe('generate-callback.json');
    const workflow = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { nodes: { parameters: { url?: string } }[] };
    expect(workflow.nodes.map((node) => node.parameters.url).filter(Boolean)).toEqual([`${server.url}/api/n8n/generate`]);
    // The reference the link opens is served by the API itself.
    expect((await server.request('GET', '/api/docs', { validate: false })).status).toBe(200);
    await close();
  });

  it('fits a phone: no sideways scrolling on /api and /my-account', async () => {
    const user = await createUser(server, { username: 'a_rather_long_username_here' });
    const { page, close } = await openSignedInAs(browser, server, user, PHONE);
    for (const [to, heading] of [
      ['/api', 'API Access'],
      ['/my-account', 'My Account'],
      ['/login', 'Sign In'],
    ] as const) {
      await page.goto(server.url + to);
      await expectHeading(page, heading);
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page), to).toEqual([]);
    }
    await close();
  });
});
