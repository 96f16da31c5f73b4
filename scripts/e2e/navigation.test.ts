// The shell: every nav link loads its remote, React comes from the host only, 404, mobile menu, language.
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, openPage, PHONE, REACT_DEFINITIONS } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true }));
});

afterAll(() => stopUiServer({ server, browser }));

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Header link -> path and the heading its page shows (remote pages and host pages alike). */
const NAV_LINKS = [
  { link: 'Generate', path: '/generate', heading: 'AI Image Studio', remote: 'studio' },
  { link: 'Pricing', path: '/pricing', heading: 'Pricing', remote: 'billing' },
  { link: 'My Creations', path: '/my-creations', heading: 'My Creations', remote: 'studio' },
  { link: 'Boards', path: '/boards', heading: 'Boards', remote: 'studio' },
  { link: 'API', path: '/api', heading: 'API Access', remote: 'account' },
  { link: 'Contact', path: '/contact', heading: 'Contact Us', remote: undefined },
  { link: 'Home', path: '/', heading: 'Create and edit stunning images with Nano Banana AI', remote: undefined },
] as const;

describe('shell navigation', () => {
  it('loads each section from its nav link client-side, highlights the link and downloads React only from the host', async () => {
    const { page, requests, errors, close } = await openPage(browser);
    await page.goto(server.url);
    await page.evaluate(() => {
      (window as { __sameDocument?: boolean }).__sameDocument = true;
    });
    for (const item of NAV_LINKS) {
      await nav(page).getByRole('link', { name: item.link, exact: true }).click();
      await expectHeading(page, item.heading);
      expect(new URL(page.url()).pathname).toBe(item.path);
      expect(await nav(page).locator('[aria-current="page"]').allTextContents()).toEqual([item.link]);
      if (item.remote) expect(requests.some((url) => url.includes(`/remotes/${item.remote}/remoteEntry.js`))).toBe(true);
    }
    // No full page load happened: the marker set on the first document is still there.
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The admin remote has no visitor link; reach it the way a link would, through the shared router
    // (a visitor on /history is asked to log in; /admin would send them home).
    for (const [path, heading] of [
      ['/history', 'Authentication Required'],
      ['/login', 'Sign In'],
    ] as const) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
      }, path);
      await expectHeading(page, heading);
    }
    // The host loads React and React DOM once; no remote downloads its own copy: of every script the page asked for,
    // one defines each, and it is the host's.
    const scripts = [...new Set(requests.filter((url) => new URL(url).pathname.endsWith('.js')))];
    const bodies = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    for (const definition of REACT_DEFINITIONS) {
      const defining = scripts.filter((_, index) => definition.test(bodies[index] ?? ''));
      expect(defining, `${definition}`).toHaveLength(1);
      expect(new URL(defining[0] ?? '').pathname, `${definition}`).not.toMatch(/^\/remotes\//);
    }
    // The same holds for the other shared singletons: no remote fetches its own RAC or SWR.
    expect(
      requests.filter((url) => url.includes('/remotes/') && /aria_mf_2_components|react_mf_2_aria|swr__prebuild|react-aria/i.test(url)),
    ).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('shares one copy of each singleton, provided by the host, and a toast raised through the shared UI kit shows one at a time', async () => {
    const { page, close } = await openPage(browser);
    // Remotes carry no copies of their own (consume-only shares), so every provider must be the host.
    await page.goto(`${server.url}/generate`);
    await expectHeading(page, 'AI Image Studio');
    await page.evaluate(() => {
      history.pushState(null, '', '/pricing');
    });
    await expectHeading(page, 'Pricing');
    const shared = await page.evaluate(() => {
      const global = globalThis as unknown as { __FEDERATION__?: unknown; __mf_module_cache__: { share: Record<string, unknown> } };
      return { runtime: global.__FEDERATION__ !== undefined, names: Object.keys(global.__mf_module_cache__.share) };
    });
    // No federation runtime at all: the host loads each remote's container itself (remotes/federation/host.ts).
    expect(shared.runtime).toBe(false);
    // Every singleton is the host's, in the module cache where the remotes' share wrappers read it, and the UI kit's
    // tabs (which /generate renders) came in through the host's share scope.
    for (const name of ['react', 'react-dom', 'swr', '@app/api-client', '@app/ui', '@app/i18n', '@app/ui/tabs']) {
      expect(shared.names, name).toContain(`default:${name}`);
    }
    // React Aria is never shared whole: each UI entry carries only the parts it uses.
    expect(shared.names.filter((name) => name.includes('react-aria'))).toEqual([]);

    // What a remote does: take @app/ui from the page's module cache, where its share wrappers read it, and call
    // toast(). It is the host's own module: the toast shows in the host's toaster, one at a time.
    await page.evaluate(() => {
      type Ui = { toast(content: object): string };
      const ui = (globalThis as unknown as { __mf_module_cache__: { share: Record<string, Ui | undefined> } }).__mf_module_cache__.share[
        'default:@app/ui'
      ];
      if (!ui) throw new Error('@app/ui is not in the module cache');
      ui.toast({ title: 'First', description: 'replaced at once' });
      ui.toast({ title: 'Saved', description: 'Your settings were saved.', variant: 'success' });
    });
    const toasts = page.locator('.ui-Toast');
    await toasts.first().waitFor();
    expect(await toasts.count()).toBe(1);
    expect(await toasts.first().textContent()).toContain('Saved');
    const shownAt = Date.now();
    await toasts.first().waitFor({ state: 'detached', timeout: 10_000 });
    // The spec's 5000 ms display time, give or take the polling.
    expect(Date.now() - shownAt).toBeGreaterThan(4_000);
    await close();
  });

  it('opens every remote path directly (deep link) with the right heading', async () => {
    const { page, close } = await openPage(browser);
    const expected: Record<string, string> = {
      '/generate': 'AI Image Studio',
      '/my-creations': 'My Creations',
      '/boards': 'Boards',
      '/pricing': 'Pricing',
      '/purchase-credits': 'Purchase Credits',
      '/login': 'Sign In',
      '/my-account': 'My Account',
      // A visitor: /history asks to log in (/admin redirects home, see admin-access.test.ts).
      '/history': 'Authentication Required',
    };
    for (const [path, heading] of Object.entries(expected)) {
      await page.goto(server.url + path);
      await expectHeading(page, heading);
    }
    await close();
  });

  // `/api` is both the UI's tokens page and the prefix of the JSON API: a deep link must reach the shell.
  it('opens /api directly (deep link) as the API tokens page', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/api`);
    await expectHeading(page, 'API Access', 5_000);
    await close();
  });

  it('lists the credit packages on /pricing from GET /api/credit-packages', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/pricing`);
    const cards = page.getByTestId('credit-package');
    await expect.poll(() => cards.count()).toBe(3);
    const popular = cards.filter({ hasText: 'Most Popular' });
    expect(await popular.count()).toBe(1);
    // The seeded popular package: $10 for 1,200 credits.
    expect(await popular.locator('.billing-package-price').textContent()).toBe('$10');
    expect(await popular.locator('.billing-package-per-credit').textContent()).toBe('$0.008 per credit');
    expect(await popular.locator('li').count()).toBe(6);
    await close();
  });

  it('offers the four contact channels on /contact, and the footer links out to support', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/contact`);
    await expectHeading(page, 'Contact Us');
    const channels = page.locator('.contact-channel');
    expect(await channels.evaluateAll((links) => links.map((link) => link.getAttribute('data-channel')))).toEqual([
      'telegram',
      'whatsapp',
      'signal',
      'email',
    ]);
    expect(await page.getByRole('link', { name: /Email/ }).getAttribute('href')).toMatch(/^mailto:/);
    const footerContact = page.locator('footer').getByRole('link', { name: 'Contact' });
    expect(await footerContact.getAttribute('target')).toBe('_blank');
    expect(await footerContact.getAttribute('href')).toMatch(/^https:\/\//);
    await close();
  });

  it('answers an unknown path with 404 and shows Page Not Found inside the shell', async () => {
    const { page, close } = await openPage(browser);
    const response = await page.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expectHeading(page, 'Page Not Found');
    expect(await nav(page).isVisible()).toBe(true);
    expect(await page.locator('footer').textContent()).toContain(`© ${new Date().getFullYear()}`);
    await close();
  });

  it('a remote routes the addresses below its page: an unknown one is Page Not Found, and back/forward stay in the document', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${server.url}/pricing/no-such-plan`);
    await expectHeading(page, 'Page Not Found');
    await page.waitForFunction(() => document.title.startsWith('Page Not Found'));
    await page.evaluate(() => {
      (window as { __sameDocument?: boolean }).__sameDocument = true;
    });
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expectHeading(page, 'Create and edit stunning images with Nano Banana AI');
    await nav(page).getByRole('link', { name: 'Pricing', exact: true }).click();
    await expectHeading(page, 'Pricing');
    await page.waitForFunction(() => document.title.startsWith('Pricing'));
    await page.goBack();
    await expectHeading(page, 'Create and edit stunning images with Nano Banana AI');
    await page.goForward();
    await expectHeading(page, 'Pricing');
    expect(new URL(page.url()).pathname).toBe('/pricing');
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('on a phone, the menu toggle opens the same links and closes after a choice', async () => {
    const { page, close } = await openPage(browser, PHONE);
    await page.goto(server.url);
    expect(await page.locator('.header-nav').isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Generate',
      'Pricing',
      'My Creations',
      'Boards',
      'API',
      'Contact',
      'Sign In',
    ]);
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expectHeading(page, 'Pricing');
    expect(await menu.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await close();
  });

  it('switches to Vietnamese and remembers the choice', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(server.url);
    await page.getByRole('radio', { name: 'Tiếng Việt' }).click();
    await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Trang chủ' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi');
    await page.reload();
    await expectHeading(page, 'Tạo và chỉnh sửa ảnh ấn tượng với Nano Banana AI');
    await page.goto(`${server.url}/pricing`);
    await expectHeading(page, 'Bảng giá');
    await close();
  });
});
