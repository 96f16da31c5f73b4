// Boards against the real API, as a person uses them: create one on /boards, add an image from its details on
// /my-creations (and make a second board in the same dialog), see it on the board's page, rename, take the image off,
// delete the board (its images stay). Once on a desktop in English, once on a phone in Vietnamese by keyboard.
import type { TestServer } from '@app/api/testing';
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
interface WireBoard {
  id: string;
  name: string;
  imageCount: number;
}

async function listTasks(session: SignedInPage): Promise<WireTask[]> {
  const res = await server.request<{ tasks: WireTask[] }>('GET', '/api/image-tasks?limit=50&days=14', { cookie: session.cookie });
  return res.body.tasks;
}

const boardsOf = async (session: SignedInPage) =>
  (await server.request<{ boards: WireBoard[] }>('GET', '/api/boards', { cookie: session.cookie })).body.boards.map(
    ({ name, imageCount }) => ({ name, imageCount }),
  );

const cards = (page: Page) => page.locator('.studio-task-card');
const boardCards = (page: Page) => page.locator('.studio-board-card');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('boards', () => {
  it('creates a board, adds an image from its details, shows it on the board page, renames, removes and deletes', async () => {
    const session = await signedInPage(browser, server, 20);
    await seedTasks(server, session, 2, 'Board candidate');
    const { page, errors } = session;

    // From the header's link.
    await page.goto(`${server.url}/my-creations`);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Boards', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Boards');
    await page.getByText('No boards yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'New board', exact: true }).click();
    const nameDialog = page.getByRole('dialog', { name: 'New board' });
    await nameDialog.getByRole('textbox', { name: 'Name' }).fill('  Astronauts ');
    await page.keyboard.press('Enter');
    await nameDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => boardCards(page).count()).toBe(1);
    expect(await boardCards(page).first().textContent()).toContain('No images');

    // The same name in another case is refused beside the field, and nothing is created.
    await page.getByRole('button', { name: 'New board', exact: true }).click();
    await nameDialog.getByRole('textbox', { name: 'Name' }).fill('ASTRONAUTS');
    await nameDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await nameDialog.getByText('You already have a board with this name.').waitFor();
    await nameDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await nameDialog.waitFor({ state: 'hidden' });
    expect(await boardsOf(session)).toEqual([{ name: 'Astronauts', imageCount: 0 }]);

    // Add an image from its details, and make a second board from the same dialog.
    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => cards(page).count()).toBe(2);
    await cards(page).filter({ hasText: 'Board candidate 1' }).click();
    const details = detailsDialog(page);
    await details.getByRole('button', { name: 'Add to board', exact: true }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add to board' });
    const astronauts = addDialog.getByRole('checkbox', { name: 'Astronauts' });
    expect(await astronauts.isChecked()).toBe(false);
    await astronauts.click({ force: true });
    await expect.poll(() => boardsOf(session)).toEqual([{ name: 'Astronauts', imageCount: 1 }]);
    await addDialog.getByRole('textbox', { name: 'New board' }).fill('Keepers');
    await addDialog.getByRole('button', { name: 'Create and add', exact: true }).click();
    await expect
      .poll(() => boardsOf(session))
      .toEqual([
        { name: 'Astronauts', imageCount: 1 },
        { name: 'Keepers', imageCount: 1 },
      ]);
    await expect.poll(() => addDialog.getByRole('checkbox', { name: 'Keepers' }).isChecked()).toBe(true);
    await addDialog.getByRole('button', { name: 'Done', exact: true }).click();
    await addDialog.waitFor({ state: 'hidden' });
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await details.waitFor({ state: 'hidden' });

    // The board's page shows that image, in the same grid.
    await page.goto(`${server.url}/boards`);
    const card = boardCards(page).filter({ hasText: 'Astronauts' });
    await expect.poll(() => card.textContent()).toContain('1 image');
    await page.getByRole('link', { name: 'Open board Astronauts' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Astronauts');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().textContent()).toContain('Board candidate 1');

    // Rename.
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename board' });
    const nameField = renameDialog.getByRole('textbox', { name: 'Name' });
    expect(await nameField.inputValue()).toBe('Astronauts');
    await nameField.fill('Banana astronauts');
    await renameDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Banana astronauts');

    // Take the image off the board: it leaves the board, not My Creations nor the other board.
    await cards(page).first().click();
    await details.getByRole('button', { name: 'Remove from this board', exact: true }).click();
    await details.waitFor({ state: 'hidden' });
    await page.getByText('This board has no images yet.', { exact: false }).waitFor();
    expect(await boardsOf(session)).toEqual([
      { name: 'Banana astronauts', imageCount: 0 },
      { name: 'Keepers', imageCount: 1 },
    ]);

    // Delete, after a confirmation.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this board?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/boards');
    await expect.poll(() => boardCards(page).count()).toBe(1);
    expect(await boardsOf(session)).toEqual([{ name: 'Keepers', imageCount: 1 }]);
    expect((await listTasks(session)).length).toBe(2);
    expect(errors).toEqual([]);
    await session.close();
  }, 150_000);

  it('works by keyboard on a phone in Vietnamese', async () => {
    const session = await signedInPage(browser, server, 20, PHONE);
    await seedTasks(server, session, 1, 'Board candidate');
    const { page, errors } = session;
    await page.context().addInitScript(() => localStorage.setItem('app-language', 'vi'));
    await page.goto(`${server.url}/boards`);
    await expect.poll(() => heading(page).textContent()).toBe('Bộ sưu tập');

    const create = page.getByRole('button', { name: 'Bộ sưu tập mới', exact: true });
    await create.focus();
    await page.keyboard.press('Enter');
    const nameDialog = page.getByRole('dialog', { name: 'Bộ sưu tập mới' });
    // The name field has the focus once the dialog is open.
    const field = nameDialog.getByRole('textbox', { name: 'Tên' });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement).catch(() => false)).toBe(true);
    // An empty name is refused here, in Vietnamese, before anything is sent.
    await page.keyboard.press('Enter');
    await nameDialog.getByText('Vui lòng nhập tên').waitFor();
    await page.keyboard.type('Phi hành gia');
    await page.keyboard.press('Enter');
    await nameDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => boardsOf(session)).toEqual([{ name: 'Phi hành gia', imageCount: 0 }]);
    await expect.poll(() => boardCards(page).count()).toBe(1);
    expect(await sidewaysOverflow(page)).toEqual([]);

    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => cards(page).count()).toBe(1);
    await cards(page).first().focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Chi tiết ảnh' });
    await details.waitFor();
    const add = details.getByRole('button', { name: 'Thêm vào bộ sưu tập', exact: true });
    await add.focus();
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Thêm vào bộ sưu tập' });
    const choice = addDialog.getByRole('checkbox', { name: 'Phi hành gia' });
    await choice.waitFor({ state: 'attached' });
    await choice.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => boardsOf(session)).toEqual([{ name: 'Phi hành gia', imageCount: 1 }]);
    const box = await addDialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await page.keyboard.press('Escape');
    await addDialog.waitFor({ state: 'hidden' });
    // Focus is back in the details (on Add to board), so Escape closes them next.
    await expect.poll(() => add.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    await page.goto(`${server.url}/boards`);
    await expect.poll(() => boardCards(page).first().textContent()).toContain('1 ảnh');
    await page.getByRole('link', { name: 'Mở bộ sưu tập Phi hành gia' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Phi hành gia');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await sidewaysOverflow(page)).toEqual([]);

    await page.getByRole('button', { name: 'Xóa', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Xóa bộ sưu tập này?' });
    await confirm.getByRole('button', { name: 'Xóa', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/boards');
    await page.getByText('Chưa có bộ sưu tập nào.', { exact: false }).waitFor();
    expect((await listTasks(session)).length).toBe(1);
    expect(errors).toEqual([]);
    await session.close();
  }, 150_000);
});
