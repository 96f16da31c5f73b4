// Every page through axe-core (WCAG 2.2 AA, serious and critical findings): visitors', a signed-in user's, an admin's
// and the API reference, in English and Vietnamese, at desktop and phone widths; and at 320 px wide, no sideways
// scrolling (Reflow, which axe does not check). One browser; one context per visitor and language, its page reused for
// every address and width.
import { createUser, signIn, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
import { trackQuiet } from './support/quiet.ts';
import { NARROWEST, sidewaysOverflow } from './support/reflow.ts';
import { seedTasks } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

const WIDTHS = { desktop: { width: 1366, height: 900 }, phone: { width: 375, height: 812 } } as const;
const LANGUAGES = ['en', 'vi'] as const;

interface View {
  path: string;
  /** Text that shows the page is drawn, where it has no app heading (the API reference). */
  drawnWhen?: string;
  /** What to do once the page is drawn (open the sign-up form). */
  afterLoad?: (page: Page) => Promise<void>;
  /** How the findings name the view after `afterLoad` (default: "after load"). */
  state?: string;
}

const ANONYMOUS: View[] = [
  { path: '/' },
  { path: '/pricing' },
  { path: '/login' },
  { path: '/login', afterLoad: (page) => page.locator('.auth-switch button').click() },
  { path: '/contact' },
];
const SIGNED_IN: View[] = ['/generate', '/my-creations', '/api', '/my-account', '/purchase-credits', '/pricing'].map((path) => ({ path }));
const ADMIN_SECTIONS = ['settings', 'packages', 'kie', 'recovery', 'users', 'audit'];
const REFERENCE: View[] = [{ path: '/api/docs', drawnWhen: 'Liveness and database check' }];
const ADMIN: View[] = [...ADMIN_SECTIONS.map((section) => ({ path: `/admin?section=${section}` })), { path: '/history' }];

const today = new Date().toISOString().slice(0, 10);
/**
 * My Creations searched, narrowed and with its date range open, then in selection mode with a card chosen; then with
 * the bar's Add to board dialog open over it.
 */
function creationsSelecting(words: { select: string; actions: string; addToBoard: string }): View[] {
  const path = `/my-creations?q=Audit&type=text_to_image&status=completed&via=web&from=${today}&to=${today}`;
  const selecting = async (page: Page) => {
    await page.locator('.studio-task-card').first().waitFor();
    await page.getByRole('button', { name: words.select, exact: true }).click();
    await page.getByRole('toolbar', { name: words.actions }).waitFor();
    await page.locator('.studio-task-card').first().click();
    await page.locator('.studio-task-card[aria-pressed="true"]').first().waitFor();
  };
  return [
    { path, afterLoad: selecting, state: 'selecting' },
    {
      path,
      state: 'add to board',
      afterLoad: async (page) => {
        await selecting(page);
        await page.getByRole('toolbar', { name: words.actions }).getByRole('button', { name: words.addToBoard, exact: true }).click();
        await page.getByRole('dialog').getByRole('textbox').waitFor();
      },
    },
  ];
}
const SELECTING = {
  en: creationsSelecting({ select: 'Select', actions: 'Actions on the selected images', addToBoard: 'Add to board' }),
  vi: creationsSelecting({ select: 'Chọn', actions: 'Thao tác với các ảnh đã chọn', addToBoard: 'Thêm vào bộ sưu tập' }),
};

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true }));
});

afterAll(async () => {
  await stopUiServer({ server, browser });
});

/** Waits for the app's own page heading (or the view's text), then for the data it asked for. */
async function drawn(page: Page, view: View, quiet: ReturnType<typeof trackQuiet>): Promise<void> {
  const sign = view.drawnWhen ? page.getByText(view.drawnWhen).first() : page.locator('h1:not([inert] *)').first();
  // Attached: on a phone the reference keeps its sidebar (where the text is) folded away.
  await sign.waitFor({ state: view.drawnWhen ? 'attached' : 'visible', timeout: 30_000 });
  await quiet.settled();
}

/** Resizes the window, then waits two frames (media-query listeners, React state, draw the new layout) and for whatever it loads. */
async function resized(page: Page, size: { width: number; height: number }, quiet: ReturnType<typeof trackQuiet>): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await quiet.settled();
}

/**
 * Each view in `language`, as `user` (null: a visitor), at each width: loaded once at the first width, then the window
 * resized (the pages follow by media queries), so a view costs one load. The findings of each view that has any.
 */
async function audit(views: View[], language: string, user: { id: string } | null): Promise<Record<string, unknown>> {
  const context = await browser.newContext({ locale: language === 'vi' ? 'vi-VN' : 'en-US' });
  await context.addInitScript((lang) => localStorage.setItem('app-language', lang), language);
  if (user) {
    const [name, value] = (await signIn(server, user)).split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
  }
  const page = await context.newPage();
  const quiet = trackQuiet(page);
  const found: Record<string, unknown> = {};
  try {
    for (const view of views) {
      await page.setViewportSize(WIDTHS.desktop);
      await page.goto(`${server.url}${view.path}`);
      await drawn(page, view, quiet);
      if (view.afterLoad) {
        await view.afterLoad(page);
        await quiet.settled();
      }
      const name = `${view.path}${view.afterLoad ? ` (${view.state ?? 'after load'})` : ''}`;
      for (const [width, size] of Object.entries(WIDTHS)) {
        await resized(page, size, quiet);
        const findings = await axeFindings(page);
        if (findings.length) found[`${name} ${width}`] = findings;
      }
      await resized(page, NARROWEST, quiet);
      const overflow = await sidewaysOverflow(page);
      if (overflow.length) found[`${name} ${NARROWEST.width} px wide`] = overflow;
    }
  } finally {
    await context.close();
  }
  return found;
}

describe('accessibility (axe-core, WCAG 2.2 AA, serious and critical)', () => {
  for (const language of LANGUAGES) {
    it(`a visitor's pages, ${language}`, async () => {
      expect(await audit(ANONYMOUS, language, null)).toEqual({});
    });

    it(`the API reference, ${language}`, async () => {
      expect(await audit(REFERENCE, language, null)).toEqual({});
    });

    it(`a signed-in user's pages, ${language}`, async () => {
      const user = await createUser(server, { credits: 500 });
      expect(await audit(SIGNED_IN, language, user)).toEqual({});
    });

    it(`my creations with its filters open and in selection mode, ${language}`, async () => {
      const user = await createUser(server, { credits: 50 });
      await seedTasks(server, { cookie: await signIn(server, user) }, 2, 'Audit');
      expect(await audit(SELECTING[language], language, user)).toEqual({});
    });

    it(`the admin area, ${language}`, async () => {
      const admin = await createUser(server, { isAdmin: true });
      expect(await audit(ADMIN, language, admin)).toEqual({});
    });
  }
});
