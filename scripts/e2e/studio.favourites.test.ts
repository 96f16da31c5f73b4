// Favourites on /my-creations against the real API: the star on a card and in the details, the Favourites filter
// kept in the address (a reload or a bookmark keeps it), on a phone and in Vietnamese.
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
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
  isFavourite: boolean;
}

async function listTasks(session: SignedInPage): Promise<WireTask[]> {
  const res = await server.request<{ tasks: WireTask[] }>('GET', '/api/image-tasks?page=1&limit=50&days=14', { cookie: session.cookie });
  return res.body.tasks;
}

const starredPrompts = async (session: SignedInPage) =>
  (await listTasks(session)).filter((task) => task.isFavourite).map((task) => task.prompt);

const cards = (page: Page) => page.locator('.studio-task-card');

describe('favourites on my creations', () => {
  it('stars a card, filters to it, keeps the filter through a reload, and unstars from the details with the keyboard', async () => {
    const session = await signedInPage(browser, server, 20);
    await seedTasks(server, session, 3, 'Favourite candidate');
    const { page, errors } = session;
    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => cards(page).count()).toBe(3);

    const star = page.getByRole('button', { name: 'Favourite: Favourite candidate 2', exact: true });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => starredPrompts(session)).toEqual(['Favourite candidate 2']);
    // The other cards stay unstarred.
    expect(await page.getByRole('button', { name: 'Favourite: Favourite candidate 1', exact: true }).getAttribute('aria-pressed')).toBe(
      'false',
    );

    const filter = page.getByRole('button', { name: 'Favourites', exact: true });
    expect(await filter.getAttribute('aria-pressed')).toBe('false');
    // The stars and the toggle pass axe (names, pressed states, contrast). (The cards' own finding is older than them.)
    const mine = (await axeFindings(page)).filter((finding) =>
      finding.targets.some((target) => /studio-favourite|studio-creations-filter/.test(target)),
    );
    expect(mine).toEqual([]);
    await filter.click();
    await expect.poll(() => new URL(page.url()).search).toBe('?favourite=1');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().textContent()).toContain('Favourite candidate 2');
    expect(await page.getByText('1 favourite in the last 14 days').count()).toBe(1);
    expect(await filter.getAttribute('aria-pressed')).toBe('true');

    // A reload (or the bookmark) opens the filtered list again.
    await page.reload();
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().textContent()).toContain('Favourite candidate 2');
    expect(await page.getByRole('button', { name: 'Favourites', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // The details dialog carries the star too; unstar it with the keyboard.
    await cards(page).first().click();
    const dialog = detailsDialog(page);
    await dialog.waitFor();
    const dialogStar = dialog.getByRole('button', { name: 'Favourite', exact: true });
    expect(await dialogStar.getAttribute('aria-pressed')).toBe('true');
    await dialogStar.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => dialogStar.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => starredPrompts(session)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The filtered list no longer holds it.
    await page.getByText('No favourites yet. Star an image to keep it here.').waitFor();
    expect(await cards(page).count()).toBe(0);

    // Turning the filter off shows every task again, and the address forgets it.
    await page.getByRole('button', { name: 'Favourites', exact: true }).click();
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await session.close();
  });

  it('works from the keyboard on a phone in Vietnamese', async () => {
    const session = await signedInPage(browser, server, 20, PHONE);
    await seedTasks(server, session, 2, 'Favourite candidate');
    const { page, errors } = session;
    await page.context().addInitScript(() => localStorage.setItem('app-language', 'vi'));
    await page.goto(`${server.url}/my-creations`);
    await expect.poll(() => cards(page).count()).toBe(2);

    // From the card, Tab reaches its star; Enter presses it.
    const card = cards(page).filter({ hasText: 'Favourite candidate 1' });
    const star = page.getByRole('button', { name: 'Yêu thích: Favourite candidate 1', exact: true });
    const box = await star.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await card.focus();
    await page.keyboard.press('Tab');
    expect(await star.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => starredPrompts(session)).toEqual(['Favourite candidate 1']);

    const filter = page.getByRole('button', { name: 'Ảnh yêu thích', exact: true });
    await filter.click();
    await expect.poll(() => new URL(page.url()).search).toBe('?favourite=1');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await page.getByText('1 ảnh yêu thích trong 14 ngày qua').count()).toBe(1);

    // Opened straight from the address, as a bookmark would.
    await page.goto(`${server.url}/my-creations?favourite=1`);
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().textContent()).toContain('Favourite candidate 1');
    expect(await page.getByRole('button', { name: 'Ảnh yêu thích', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // Nothing spills past the phone's width.
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(errors).toEqual([]);
    await session.close();
  });
});
