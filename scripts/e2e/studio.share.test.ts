// Public links as a person uses them: share an image from its details, open the link in a browser that is not signed
// in (the image and its preview tags, nothing else), show the prompt, stop sharing (the link is dead on reload). Then
// a board's link from its page, on a phone in Vietnamese by keyboard, with the controls inside the screen.
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { sidewaysOverflow } from './support/reflow.ts';
import { detailsDialog, seedTasks, signedInPage } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true, studio: { sandboxDelayMs: 200, maxTasksInFlight: 50 } }));
});

afterAll(() => stopUiServer({ server, browser }));

const cards = (page: Page) => page.locator('.studio-task-card');
const metaOf = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content', { timeout: 5_000 });

/** A fresh context with no session, as someone the link was sent to. */
async function stranger() {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** Whether every shown image on the page has loaded real pixels. */
const imagesLoaded = (page: Page) =>
  page.locator('img').evaluateAll((images) => images.length > 0 && images.every((img) => (img as HTMLImageElement).naturalWidth > 0));

/** The element's box lies inside the viewport's width. */
async function insideWidth(page: Page, selector: string, width: number) {
  const box = await page.locator(selector).first().boundingBox();
  return Boolean(box && box.x >= 0 && box.x + box.width <= width);
}

describe('sharing', () => {
  it('shares an image from its details, shows it to a stranger with preview tags, and stops at once', async () => {
    const session = await signedInPage(browser, server, 20);
    await seedTasks(server, session, 1, 'Shared astronaut');
    const { page, errors } = session;
    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => cards(page).count()).toBe(1);
    // The card's name says what a press does, then its visible text, the prompt once (the thumbnail has no alt).
    const card = page.getByRole('button', { name: /^Open details: .*Shared astronaut 1/ });
    expect(await card.count()).toBe(1);
    expect(await page.getByRole('button', { name: /Shared astronaut 1.*Shared astronaut 1/ }).count()).toBe(0);
    await card.click();
    const details = detailsDialog(page);
    const taskId = await details.getAttribute('data-task-id');
    await details.getByRole('button', { name: 'Create public link', exact: true }).click();
    const field = details.getByRole('textbox', { name: 'Public link' });
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/s/[A-Za-z0-9_-]{24}$`));
    expect(await insideWidth(page, '.studio-share', DESKTOP.width)).toBe(true);
    // The whole dialog the share controls sit in.
    expect(await axeFindings(page, '.studio-details')).toEqual([]);
    const dialogBox = await page.locator('.studio-details').boundingBox();
    const shareBox = await page.locator('.studio-share').boundingBox();
    expect(shareBox && dialogBox && shareBox.x >= dialogBox.x && shareBox.x + shareBox.width <= dialogBox.x + dialogBox.width).toBe(true);

    const visitor = await stranger();
    const opened = await visitor.page.goto(link);
    expect(opened?.status()).toBe(200);
    await expect.poll(() => imagesLoaded(visitor.page)).toBe(true);
    expect(await metaOf(visitor.page, 'og:image')).toBe(`${link}/image`);
    expect(await metaOf(visitor.page, 'og:url')).toBe(link);
    expect(await metaOf(visitor.page, 'twitter:card')).toBe('summary_large_image');
    expect(await axeFindings(visitor.page)).toEqual([]);
    const html = await visitor.page.content();
    expect(html).not.toContain('Shared astronaut');
    expect(html).not.toContain(taskId ?? 'no task id');
    expect(html).not.toContain(session.user.username);

    // The prompt, once the owner chooses to show it.
    await details.getByRole('checkbox', { name: 'Show the prompt' }).click({ force: true });
    await expect.poll(() => details.getByRole('checkbox', { name: 'Show the prompt' }).isChecked()).toBe(true);
    await visitor.page.reload();
    await visitor.page.getByText('Shared astronaut 1').first().waitFor();

    // Stop sharing: the stranger's reload is a 404 page, the image too.
    await details.getByRole('button', { name: 'Stop sharing', exact: true }).click();
    await details.getByRole('button', { name: 'Create public link', exact: true }).waitFor();
    const reloaded = await visitor.page.reload();
    expect(reloaded?.status()).toBe(404);
    await visitor.page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect((await visitor.page.request.get(`${link}/image`)).status()).toBe(404);
    await visitor.close();
    expect(errors).toEqual([]);
    await session.close();
  }, 150_000);

  it("shares a board from its page on a phone in Vietnamese by keyboard, and the image dialog's controls fit", async () => {
    const session = await signedInPage(browser, server, 20, PHONE);
    await seedTasks(server, session, 2, 'Board share');
    const { page, errors } = session;
    const tasks = (
      await server.request<{ tasks: { taskId: string }[] }>('GET', '/api/image-tasks?limit=50', { cookie: session.cookie })
    ).body.tasks.map((task) => task.taskId);
    const headers = { origin: server.url };
    const board = await server.request<{ id: string }>('POST', '/api/boards', {
      cookie: session.cookie,
      headers,
      body: { name: 'Chia sẻ' },
    });
    await server.request('POST', `/api/boards/${board.body.id}/images`, { cookie: session.cookie, headers, body: { taskIds: tasks } });
    await page.context().addInitScript(() => localStorage.setItem('app-language', 'vi'));

    // The image dialog at phone width: the share controls inside the screen.
    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => cards(page).count()).toBe(2);
    await cards(page).first().focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Chi tiết ảnh' });
    const create = details.getByRole('button', { name: 'Tạo liên kết công khai', exact: true });
    await create.focus();
    await page.keyboard.press('Enter');
    const linkField = details.getByRole('textbox', { name: 'Liên kết công khai' });
    await expect.poll(() => linkField.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await insideWidth(page, '.studio-share', PHONE.width)).toBe(true);
    const stop = details.getByRole('button', { name: 'Ngừng chia sẻ', exact: true });
    await stop.focus();
    await page.keyboard.press('Enter');
    // The pressed button is gone: its replacement takes the focus, so Escape still reaches the dialog.
    await expect.poll(() => create.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // The board's page: each image card is named in Vietnamese by what a press does and its prompt.
    await page.goto(`${server.url}/boards/${board.body.id}`);
    await expect.poll(() => cards(page).count()).toBe(2);
    for (const n of [1, 2]) {
      expect(await page.getByRole('button', { name: new RegExp(`^Xem chi tiết: .*Board share ${n}`) }).count()).toBe(1);
    }
    expect(await page.getByRole('button', { name: /Board share \d.*Board share \d/ }).count()).toBe(0);
    const boardCreate = page.getByRole('button', { name: 'Tạo liên kết công khai', exact: true });
    await boardCreate.focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('textbox', { name: 'Liên kết công khai' });
    await field.waitFor();
    const link = await field.inputValue();
    expect(await insideWidth(page, '.studio-share', PHONE.width)).toBe(true);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await axeFindings(page, '.studio-share')).toEqual([]);

    const visitor = await stranger();
    expect((await visitor.page.goto(link))?.status()).toBe(200);
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe('Chia sẻ');
    await expect.poll(() => visitor.page.locator('.share-grid img').count()).toBe(2);
    await expect.poll(() => imagesLoaded(visitor.page)).toBe(true);
    expect(await metaOf(visitor.page, 'og:image')).toMatch(new RegExp(`^${link}/images/[A-Za-z0-9_-]{22}$`));
    expect(await axeFindings(visitor.page)).toEqual([]);
    // Each image opens by keyboard: its link takes the focus.
    const focused = () => visitor.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await visitor.page.keyboard.press('Tab');
    expect(await focused()).toBe('Open image 1');
    await visitor.page.keyboard.press('Tab');
    expect(await focused()).toBe('Open image 2');

    await page.getByRole('button', { name: 'Ngừng chia sẻ', exact: true }).focus();
    await page.keyboard.press('Enter');
    await boardCreate.waitFor();
    expect((await visitor.page.reload())?.status()).toBe(404);
    await visitor.close();
    expect(errors).toEqual([]);
    await session.close();
  }, 150_000);

  it('Image Details passes axe as a whole, for a completed and a failed image', async () => {
    const session = await signedInPage(browser, server, 20);
    const { page, errors } = session;
    await seedTasks(server, session, 1, 'Checked by axe');
    const failed = await server.request<{ task: { taskId: string } }>('POST', '/api/generate-image', {
      cookie: session.cookie,
      headers: { origin: server.url },
      body: { prompt: '[sandbox:fail] never drawn', model: 'nano_banana', generationType: 'text_to_image' },
    });
    expect(failed.status).toBe(202);
    const statusOf = async () =>
      (
        await server.request<{ tasks: { taskId: string; status: string }[] }>('GET', '/api/image-tasks?limit=50', {
          cookie: session.cookie,
        })
      ).body.tasks.find((task) => task.taskId === failed.body.task.taskId)?.status;
    await expect.poll(statusOf, { timeout: 30_000, interval: 300 }).toBe('failed');
    await page.goto(`${server.url}/my-creations`);
    for (const name of [/^Open details: .*Checked by axe 1/, /^Open details: .*\[sandbox:fail\] never drawn/]) {
      const card = page.getByRole('button', { name });
      await card.waitFor();
      await card.click();
      const details = detailsDialog(page);
      await details.waitFor();
      await page.locator('.studio-details img, .studio-details-state').first().waitFor();
      expect(await axeFindings(page, '.studio-details')).toEqual([]);
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });
    }
    expect(errors).toEqual([]);
    await session.close();
  }, 120_000);
});
