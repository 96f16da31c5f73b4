// Selection mode on /my-creations against the real API: choose cards by click, shift-click and keyboard, download
// them as a ZIP (the browser's download, unzipped here), add them to a board, delete them after a confirmation; on a
// phone in Vietnamese.
import { readFile } from 'node:fs/promises';
import type { TestServer } from '@app/api/testing';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidewaysOverflow } from './support/reflow.ts';
import { detailsDialog, type SignedInPage, seedTasks, signedInPage } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true, studio: { sandboxDelayMs: 200, maxTasksInFlight: 50 } }));
});

afterAll(() => stopUiServer({ server, browser }));

const PHONE = { width: 375, height: 812 };

interface WireTask {
  taskId: string;
  status: string;
  prompt: string;
}

async function listTasks(session: SignedInPage): Promise<WireTask[]> {
  const res = await server.request<{ tasks: WireTask[] }>('GET', '/api/image-tasks?limit=50', { cookie: session.cookie });
  return res.body.tasks;
}

const cards = (page: Page) => page.locator('.studio-task-card');
const card = (page: Page, prompt: string) => cards(page).filter({ hasText: prompt });
const chosenPrompts = async (page: Page) =>
  (await page.locator('.studio-task-card[aria-pressed="true"] .studio-task-prompt').allTextContents()).sort();

describe('selecting, downloading and deleting on my creations', () => {
  it('chooses with click, shift-click and the keyboard, downloads a ZIP, and deletes after confirming', async () => {
    const session = await signedInPage(browser, server, 40);
    await seedTasks(server, session, 5, 'Bulk');
    const { page, errors } = session;
    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => cards(page).count()).toBe(5);

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const bar = page.getByRole('toolbar', { name: 'Actions on the selected images' });
    await bar.waitFor();
    expect(await bar.getByText('None selected').count()).toBe(1);
    // Newest first: Bulk 5 .. Bulk 1. A click chooses (no details dialog), a shift-click chooses the range.
    await card(page, 'Bulk 5').click();
    expect(await detailsDialog(page).count()).toBe(0);
    await card(page, 'Bulk 3').click({ modifiers: ['Shift'] });
    await expect.poll(() => chosenPrompts(page)).toEqual(['Bulk 3', 'Bulk 4', 'Bulk 5']);
    expect(await bar.getByText('3 selected').count()).toBe(1);
    // Space on a focused card toggles it; Shift+ArrowRight extends to the next card.
    await card(page, 'Bulk 4').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => chosenPrompts(page)).toEqual(['Bulk 3', 'Bulk 5']);
    await card(page, 'Bulk 2').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => chosenPrompts(page)).toEqual(['Bulk 1', 'Bulk 2', 'Bulk 3', 'Bulk 5']);
    // The focus follows a frame after the choice (the card may first have to be scrolled into the page).
    await expect.poll(() => card(page, 'Bulk 1').evaluate((element) => element === document.activeElement)).toBe(true);

    // The browser downloads the ZIP itself; it holds the four images and the manifest.
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'Download ZIP' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^images-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
    const manifest = JSON.parse(strFromU8(entries['manifest.json'] as Uint8Array)) as { images: { prompt: string; file: string }[] };
    expect(manifest.images.map((image) => image.prompt).sort()).toEqual(['Bulk 1', 'Bulk 2', 'Bulk 3', 'Bulk 5']);
    for (const image of manifest.images) expect(entries[image.file]?.length).toBeGreaterThan(100);

    // Delete asks first; Cancel keeps everything.
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 4 images?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await listTasks(session)).length).toBe(5);
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    expect((await listTasks(session)).map((task) => task.prompt)).toEqual(['Bulk 4']);
    expect(await bar.getByText('None selected').count()).toBe(1);

    // Escape on the grid leaves selection mode: a click opens the details again.
    await card(page, 'Bulk 4').focus();
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'hidden' });
    await card(page, 'Bulk 4').click();
    await detailsDialog(page).waitFor();
    expect(errors).toEqual([]);
    await session.close();
  });

  it('adds the chosen images to a board with one request, even on a double click, and the board shows exactly them', async () => {
    const session = await signedInPage(browser, server, 40);
    await seedTasks(server, session, 4, 'Pick');
    const { page, errors } = session;
    const board = await server.request<{ id: string }>('POST', '/api/boards', { cookie: session.cookie, body: { name: 'Favourites' } });
    expect(board.status).toBe(201);
    const adds: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/boards/${board.body.id}/images`)
        adds.push(request.url());
    });
    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => cards(page).count()).toBe(4);
    // Select by keyboard: the focus moves into the bar that replaces it (not to the top of the page).
    await page.getByRole('button', { name: 'Select', exact: true }).focus();
    await page.keyboard.press('Enter');
    const bar = page.getByRole('toolbar', { name: 'Actions on the selected images' });
    await bar.waitFor();
    const focusedIn = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => element.contains(document.activeElement));
    await expect.poll(() => focusedIn(bar)).toBe(true);
    await card(page, 'Pick 4').click();
    await card(page, 'Pick 2').click({ modifiers: ['Shift'] });
    await expect.poll(() => chosenPrompts(page)).toEqual(['Pick 2', 'Pick 3', 'Pick 4']);

    // By keyboard: the bar's button, the board's radio, then the confirm (double clicked).
    const open = bar.getByRole('button', { name: 'Add to board', exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add 3 images to a board' });
    const choice = dialog.getByRole('radio', { name: 'Favourites' });
    await choice.waitFor({ state: 'attached' });
    await choice.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => choice.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add 3 images', exact: true }).dblclick();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('3 images added to Favourites').waitFor();
    expect(adds).toHaveLength(1);
    // Done by keyboard: the focus goes back to Select.
    await bar.getByRole('button', { name: 'Done', exact: true }).focus();
    await page.keyboard.press('Enter');
    await bar.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedIn(page.getByRole('button', { name: 'Select', exact: true }))).toBe(true);

    await page.goto(`${server.url}/boards/${board.body.id}`);
    await expect.poll(() => cards(page).count()).toBe(3);
    expect((await page.locator('.studio-task-card .studio-task-prompt').allTextContents()).sort()).toEqual(['Pick 2', 'Pick 3', 'Pick 4']);
    expect(adds).toHaveLength(1);
    expect(errors).toEqual([]);
    await session.close();
  });

  it('works on a phone in Vietnamese: the bar fits, Select all, delete from the bar and from the details', async () => {
    const session = await signedInPage(browser, server, 40, PHONE);
    await seedTasks(server, session, 3, 'Bulk');
    const { page, errors } = session;
    await page.context().addInitScript(() => localStorage.setItem('app-language', 'vi'));
    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => cards(page).count()).toBe(3);

    await page.getByRole('button', { name: 'Chọn', exact: true }).click();
    const bar = page.getByRole('toolbar', { name: 'Thao tác với các ảnh đã chọn' });
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Chọn tất cả đã tải' }).click();
    await expect.poll(() => chosenPrompts(page)).toEqual(['Bulk 1', 'Bulk 2', 'Bulk 3']);
    expect(await bar.getByText('Đã chọn 3').count()).toBe(1);
    // The bar stays on screen and within the phone's width.
    const box = await bar.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height).toBe(true);
    expect(await sidewaysOverflow(page)).toEqual([]);
    // Unchoose one with Enter, delete the other two.
    await card(page, 'Bulk 2').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => chosenPrompts(page)).toEqual(['Bulk 1', 'Bulk 3']);
    await bar.getByRole('button', { name: 'Xóa', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Xóa 2 ảnh?' });
    await confirm.getByRole('button', { name: 'Xóa', exact: true }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    await bar.getByRole('button', { name: 'Xong' }).click();
    await bar.waitFor({ state: 'hidden' });

    // One image from its details.
    await card(page, 'Bulk 2').click();
    const details = detailsDialog(page).or(page.getByRole('dialog', { name: 'Chi tiết ảnh' }));
    await details.waitFor();
    await details.getByRole('button', { name: 'Xóa', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Xóa ảnh này?' }).getByRole('button', { name: 'Xóa', exact: true }).click();
    await expect.poll(async () => (await listTasks(session)).length).toBe(0);
    await details.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await session.close();
  });
});
