// /my-creations against the real API: visitors, the empty state, paging over more than 20 tasks, polling
// that rests when idle, and the dialog's Recreate and Upscale handing over to the studio.
import { readFile } from 'node:fs/promises';
import type { TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, openPage } from './support/browser.ts';
import { detailsDialog, type SignedInPage, signedInPage } from './support/studio.ts';
import { HOST_DIST } from './support/ui-build.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true, studio: { sandboxDelayMs: 200, maxTasksInFlight: 50 } }));
});

afterAll(() => stopUiServer({ server, browser }));

interface WireTask {
  taskId: string;
  status: string;
  prompt: string;
  resultUrls: string[];
}

async function listTasks(session: SignedInPage): Promise<{ tasks: WireTask[]; total: number }> {
  return (
    await server.request<{ tasks: WireTask[]; total: number }>('GET', '/api/image-tasks?page=1&limit=50&days=14', {
      cookie: session.cookie,
    })
  ).body;
}

/** Creates `count` text-to-image tasks through the API and waits until all are completed. */
async function seedTasks(session: SignedInPage, count: number, body: Record<string, unknown> = {}) {
  for (let i = 1; i <= count; i++) {
    const res = await server.request('POST', '/api/generate-image', {
      cookie: session.cookie,
      headers: { origin: server.url },
      body: { prompt: `Seeded picture number ${i}`, model: 'nano_banana', generationType: 'text_to_image', ...body },
    });
    expect(res.status).toBe(202);
  }
  await expect
    .poll(async () => (await listTasks(session)).tasks.every((task) => task.status === 'completed'), { timeout: 60_000, interval: 500 })
    .toBe(true);
}

describe('my creations', () => {
  it('asks a visitor to sign in and asks the API for no tasks', async () => {
    const { page, requests, close } = await openPage(browser);
    await page.goto(`${server.url}/my-creations`);
    await expectHeading(page, 'My Creations');
    const message = page.getByTestId('login-required');
    await message.waitFor();
    expect(await message.textContent()).toContain('Sign in to see your creations');
    expect(await message.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(requests.filter((url) => url.includes('/api/image-tasks'))).toEqual([]);
    await close();
  });

  it('shows No images yet with the way to the studio for a new user', async () => {
    const session = await signedInPage(browser, server, 10);
    const { page } = session;
    await page.goto(`${server.url}/my-creations`);
    const empty = page.getByTestId('creations-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('No images yet');
    await empty.getByRole('link', { name: 'Create Your First Image' }).click();
    await expectHeading(page, 'AI Image Studio');
    await session.close();
  });

  it('loads more than 20 tasks 20 at a time as the grid scrolls, newest first', async () => {
    const session = await signedInPage(browser, server, 200);
    await seedTasks(session, 23);
    const { page, errors } = session;
    await page.goto(`${server.url}/my-creations`);
    const cards = page.locator('.studio-task-card');
    await expect.poll(() => cards.count()).toBe(20);
    expect(await page.getByText('23 images in the last 14 days').count()).toBe(1);
    expect(await cards.first().textContent()).toContain('Seeded picture number 23');
    // Grids use the small thumbnails.
    const { tasks } = await listTasks(session);
    const thumbnail = await cards.first().locator('img').getAttribute('src');
    expect(thumbnail).toBeTruthy();
    expect(thumbnail).not.toBe(tasks[0]?.resultUrls[0]);

    // The other 3 come with the next cursor page once the grid is scrolled to its end.
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => cards.count()).toBe(23);
    expect(await cards.last().textContent()).toContain('Seeded picture number 1');

    // The studio's Recent Images shows 8 of the 16 newest.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Generate' }).click();
    const recent = page.getByRole('list', { name: 'Recent Images' }).locator('.studio-task-card');
    await expect.poll(() => recent.count()).toBe(8);
    expect(await recent.first().textContent()).toContain('Seeded picture number 23');
    expect(await recent.last().textContent()).toContain('Seeded picture number 16');
    expect(errors).toEqual([]);
    await session.close();
  });

  it('polls every 10 s when nothing is running and does not refetch on focus', async () => {
    const session = await signedInPage(browser, server, 20);
    await seedTasks(session, 1);
    const { page, requests } = session;
    await page.goto(`${server.url}/my-creations`);
    await page.locator('.studio-task-card').first().waitFor();
    const calls = () => requests.filter((url) => url.includes('/api/image-tasks')).length;
    const before = calls();
    await page.evaluate(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForTimeout(4_000);
    expect(calls()).toBe(before);
    await session.close();
  });

  it('Recreate hands the task to the studio, which opens the matching tab prefilled', async () => {
    const session = await signedInPage(browser, server, 20);
    await seedTasks(session, 1, { prompt: 'A koi pond seen from above, ink painting', aspectRatio: '16:9' });
    const { page } = session;
    await page.goto(`${server.url}/my-creations`);
    await page.locator('.studio-task-card').first().click();
    const dialog = detailsDialog(page);
    expect(await dialog.locator('.studio-details-image').getAttribute('style')).toContain('aspect-ratio: 16 / 9');
    await dialog.getByRole('button', { name: 'Recreate Image' }).click();
    await expectHeading(page, 'AI Image Studio');
    expect(new URL(page.url()).pathname).toBe('/generate');
    await expect.poll(() => page.getByRole('textbox', { name: 'Prompt' }).inputValue()).toBe('A koi pond seen from above, ink painting');
    expect(await page.getByRole('tab', { name: 'Text to Image' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Aspect ratio' }).inputValue()).toBe('16:9');
    await session.close();
  });

  it('Recreate of an edit opens the edit tab with its instructions and reference images, ready to send again', async () => {
    const session = await signedInPage(browser, server, 20);
    const images = await Promise.all(
      [1, 2].map(async (n) => `data:image/webp;base64,${(await readFile(`${HOST_DIST}/showcase/showcase-${n}.webp`)).toString('base64')}`),
    );
    const uploaded = await server.request<{ urls: string[] }>('POST', '/api/upload-images', {
      cookie: session.cookie,
      headers: { origin: server.url },
      body: { images },
    });
    expect(uploaded.status).toBe(201);
    const { urls } = uploaded.body;
    await seedTasks(session, 1, {
      prompt: 'Put both in one frame',
      model: 'nano_banana_edit',
      generationType: 'edit_image',
      inputImageUrls: urls,
    });
    const { page, requests } = session;
    await page.goto(`${server.url}/my-creations`);
    await page.locator('.studio-task-card').first().click();
    await detailsDialog(page).getByRole('button', { name: 'Recreate Image' }).click();
    await expectHeading(page, 'AI Image Studio');
    expect(await page.getByRole('tab', { name: 'Edit Image' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Instructions' }).inputValue()).toBe('Put both in one frame');
    expect(await page.getByTestId('reference-count').textContent()).toBe('2/5');
    const references = page.getByRole('img', { name: /^Reference image/ });
    expect(await references.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual(urls);

    // The stored images are sent as they are: no second upload.
    const generated = page.waitForRequest((request) => request.url().endsWith('/api/generate-image'));
    await page.getByRole('button', { name: 'Generate Image' }).click();
    expect(((await generated).postDataJSON() as { inputImageUrls: string[] }).inputImageUrls).toEqual(urls);
    expect(requests.some((url) => url.endsWith('/api/upload-images'))).toBe(false);
    await session.close();
  });

  it('Upscale HD Quality opens the studio on the upscale tab at x4 with the image preloaded, then clears the address', async () => {
    const session = await signedInPage(browser, server, 20);
    await seedTasks(session, 1);
    const { page, requests } = session;
    await page.goto(`${server.url}/my-creations`);
    await page.locator('.studio-task-card').first().click();
    await detailsDialog(page).getByRole('button', { name: 'Upscale HD Quality' }).click();
    await expectHeading(page, 'AI Image Studio');
    expect(await page.getByRole('tab', { name: 'Upscale HD' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('radio', { name: 'x4' }).isChecked()).toBe(true);
    await page.getByRole('img', { name: 'Image to upscale' }).waitFor();
    const [task] = (await listTasks(session)).tasks;
    expect(requests).toContain(`${server.url}/api/proxy-image?url=${encodeURIComponent(task!.resultUrls[0]!)}`);
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByRole('button', { name: 'Upscale Image' }).isEnabled()).toBe(true);
    await session.close();
  });
});
