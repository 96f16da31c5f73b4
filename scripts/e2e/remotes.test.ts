// Remotes found at run time: one is down (its entry points at a closed port), one lives on another origin.
import { startTestServer, type TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, launchBrowser, openPage } from './support/browser.ts';
import { closedPortUrl, type StaticServer, serveStatic } from './support/static-server.ts';
import { assertUiBuilt, HOST_DIST, remoteDist } from './support/ui-build.ts';

let server: TestServer;
let browser: Browser;
let adminOrigin: StaticServer;
let deadStudio: string;

beforeAll(async () => {
  assertUiBuilt();
  adminOrigin = await serveStatic(remoteDist('admin'));
  deadStudio = `${await closedPortUrl()}/remoteEntry.js`;
  server = await startTestServer({
    staticDir: HOST_DIST,
    remotes: { studio: deadStudio, admin: `${adminOrigin.url}/remoteEntry.js` },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await adminOrigin?.close();
});

describe('remotes at run time', () => {
  it('the manifest served by the API names the remotes the host will load', async () => {
    const res = await server.request<{ remotes: Record<string, string> }>('GET', '/api/remotes');
    expect(res.body.remotes.studio).toBe(deadStudio);
    expect(res.body.remotes.billing).toBe('/remotes/billing/remoteEntry.js');
  });

  it('shows a friendly fallback for a remote that is down, keeping header, footer and the other remotes', async () => {
    const { page, requests, errors, close } = await openPage(browser);
    await page.goto(`${server.url}/generate`);
    const fallback = page.getByTestId('section-unavailable');
    await fallback.waitFor({ timeout: 15_000 });
    await expectHeading(page, 'Section unavailable');
    expect(await fallback.getAttribute('data-remote')).toBe('studio');
    expect(requests.some((url) => url.startsWith(deadStudio))).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
    expect(await page.locator('footer').isVisible()).toBe(true);
    expect(errors).toEqual([]);

    // The rest of the product still works from the same page.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pricing' }).click();
    await expectHeading(page, 'Pricing');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Creations' }).click();
    await expectHeading(page, 'Section unavailable');
    await close();
  });

  it('loads the admin remote and all its chunks from its own origin', async () => {
    const { page, requests, errors, close } = await openPage(browser);
    // A visitor: the remote loads and asks to log in (signed-in admins: admin-access.test.ts).
    await page.goto(`${server.url}/history`);
    await expectHeading(page, 'Authentication Required');

    const adminRequests = requests.filter((url) => url.startsWith(adminOrigin.url));
    expect(adminRequests).toContain(`${adminOrigin.url}/remoteEntry.js`);
    expect(adminRequests.some((url) => url.startsWith(`${adminOrigin.url}/assets/`))).toBe(true);
    // Nothing of the admin remote was asked from the API's origin.
    expect(requests.filter((url) => url.startsWith(`${server.url}/remotes/admin/`))).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
