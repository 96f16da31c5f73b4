// One intent is one charge: a double click on Generate (desktop), a double tap (phone, touch) and Enter pressed
// twice each make one task and one charge; the button says it is working, ignores repeats and keeps the focus.
// The other create forms hold too: a double click on Proceed to Payment opens one order, on Create one API token.
import { createToken, createUser, signIn, type TestServer } from '@app/api/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditPackage, Order } from '../../api/src/modules/billing/index.ts';
import { ApiToken } from '../../api/src/modules/tokens/index.ts';
import { DESKTOP, expectHeading, holdRequests, PHONE } from './support/browser.ts';
import { toastOf } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({
    seed: true,
    studio: { sandboxDelayMs: 1_000 },
    config: { billing: { paymentSandbox: true } },
  }));
});

afterAll(() => stopUiServer({ server, browser }));

/** The create calls these forms make. */
const CREATE_CALLS = ['/api/generate-image', '/api/creem/checkout', '/api/user-tokens'];

interface Session {
  page: Page;
  cookie: string;
  /** The Idempotency-Key of every create call the page sent ('' for none). */
  sent: string[];
  close(): Promise<void>;
}

/** A signed-in page with 100 credits; `touch` makes it a phone that taps instead of clicking. */
async function session(touch: boolean): Promise<Session & { userId: string }> {
  const user = await createUser(server, { credits: 100 });
  const cookie = await signIn(server, user);
  const context = await browser.newContext({
    viewport: touch ? PHONE : DESKTOP,
    locale: 'en-US',
    ...(touch && { hasTouch: true, isMobile: true }),
  });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && CREATE_CALLS.some((path) => request.url().endsWith(path))) {
      sent.push(request.headers()['idempotency-key'] ?? '');
    }
  });
  return { page, cookie, sent, userId: user.id, close: () => context.close() };
}

async function fillPrompt(page: Page, prompt: string): Promise<Locator> {
  await page.goto(`${server.url}/generate`);
  await expectHeading(page, 'AI Image Studio');
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  const button = page.getByRole('button', { name: 'Generate Image' });
  await button.waitFor();
  return button;
}

/** Tasks and usage charges of the session's user, as the API reports them. */
async function tasksAndCharges(cookie: string) {
  const tasks = await server.request<{ total: number }>('GET', '/api/image-tasks?page=1&limit=50&days=14', { cookie });
  const ledger = await server.request<{ data: { type: string; amount: number }[] }>('GET', '/api/transactions?page=1&limit=100', {
    cookie,
  });
  const charges = ledger.body.data.filter((entry) => entry.type === 'usage');
  return { tasks: tasks.body.total, charges: charges.length, spent: charges.reduce((sum, entry) => sum - entry.amount, 0) };
}

/** Waits for the answer to the submission, then checks that one task was made and charged once. */
async function expectOneTaskOneCharge(s: Session) {
  await expect.poll(() => toastOf(s.page).textContent()).toContain('Image generation started!');
  await expect.poll(() => s.page.locator('.credits-badge').textContent()).toContain('98');
  expect(await tasksAndCharges(s.cookie)).toEqual({ tasks: 1, charges: 1, spent: 2 });
  expectOneKey(s.sent);
}

/** Every request the page sent for this intent carried one key (a retry would replay, never act again). */
function expectOneKey(sent: string[]) {
  expect(sent.length).toBeGreaterThan(0);
  expect(new Set(sent).size).toBe(1);
  expect(sent[0]).toMatch(/^[\w-]{16,}$/);
}

/** The middle of an element on screen, where a finger or a pointer presses it. */
async function centreOf(element: Locator): Promise<{ x: number; y: number }> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const isFocused = (button: Locator) => button.evaluate((element) => element === document.activeElement);

describe('one intent, one charge', () => {
  it('a double click on Generate (desktop) makes one task and one charge; meanwhile the button says it is working', async () => {
    const s = await session(false);
    const button = await fillPrompt(s.page, 'A red fox in the snow, double clicked');
    const release = await holdRequests(s.page, '**/api/generate-image');
    await button.dblclick();
    const busy = s.page.locator('.studio-submit-button[data-busy]');
    await expect.poll(() => busy.textContent()).toBe('Generating...');
    // Busy, not disabled: announced as unavailable, still focused and focusable.
    expect(await busy.getAttribute('aria-disabled')).toBe('true');
    expect(await busy.evaluate((element: HTMLButtonElement) => element.disabled)).toBe(false);
    expect(await isFocused(busy)).toBe(true);
    // A third press while it works is ignored too.
    await busy.click({ force: true });
    release();
    await expectOneTaskOneCharge(s);
    await s.close();
  });

  it('a slow double click whose first press is answered before the second makes one task and one charge', async () => {
    const s = await session(false);
    const button = await fillPrompt(s.page, 'An owl at dusk, clicked twice slowly');
    const { x, y } = await centreOf(button);
    // Each press held 120 ms: the local server answers the first before the second lands, as in the report.
    await s.page.mouse.click(x, y, { clickCount: 2, delay: 120 });
    await expectOneTaskOneCharge(s);
    await s.close();
  });

  it('a double tap on a phone makes one task and one charge', async () => {
    const s = await session(true);
    const button = await fillPrompt(s.page, 'A blue whale under the ice, double tapped');
    const { x, y } = await centreOf(button);
    await s.page.touchscreen.tap(x, y);
    await s.page.touchscreen.tap(x, y);
    await expectOneTaskOneCharge(s);
    await s.close();
  });

  it('Enter pressed twice makes one task and one charge; the focus stays on the button and the start is announced', async () => {
    const s = await session(false);
    const button = await fillPrompt(s.page, 'A green parrot in the rain, sent by keyboard');
    await button.focus();
    await s.page.keyboard.press('Enter');
    await s.page.keyboard.press('Enter');
    await expectOneTaskOneCharge(s);
    // Still on the button, enabled again: the next Tab starts from here.
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(await isFocused(button)).toBe(true);
    // A screen reader hears that the work started and where it will appear.
    await expect
      .poll(() => s.page.getByTestId('preview-announcement').textContent())
      .toMatch(/Your image is being made\. It will appear in the Preview\.|Your image is ready in the Preview\./);
    await s.close();
  });
});

describe('one intent, one effect on the other create forms', () => {
  it('a double click on Proceed to Payment opens one checkout and one order', async () => {
    const s = await session(false);
    const pkg = await server.orm.em.fork().findOneOrFail(CreditPackage, { isActive: true }, { orderBy: { price: 'asc' } });
    await s.page.goto(`${server.url}/purchase-credits`);
    await expectHeading(s.page, 'Purchase Credits');
    await s.page.getByTestId('package-option').filter({ hasText: pkg.name }).first().click();
    await s.page.getByRole('button', { name: 'Proceed to Payment' }).dblclick();
    await s.page.waitForURL(/\/sandbox-checkout\/sbx_ch_/);
    expect(await server.orm.em.fork().count(Order, { user: s.userId })).toBe(1);
    expectOneKey(s.sent);
    await s.close();
  });

  it('a double click on Create makes one API token', async () => {
    const s = await session(false);
    // One token already: the page makes no default one.
    await createToken(server, { id: s.userId }, 'Existing');
    await s.page.goto(`${server.url}/api`);
    await s.page.getByRole('button', { name: 'Create Token' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Create API Token' });
    await dialog.getByLabel('Token name').fill('n8n twice');
    await dialog.getByRole('button', { name: 'Create' }).dblclick();
    await dialog.waitFor({ state: 'detached' });
    await s.page.getByTestId('new-token').waitFor();
    expect(await server.orm.em.fork().count(ApiToken, { user: s.userId, name: 'n8n twice' })).toBe(1);
    expectOneKey(s.sent);
    await s.close();
  });
});
