// Picking pictures in the studio: a file is checked the moment it is chosen (its type, its first bytes and a decode
// in the browser), so a text file named .png or a cut-off picture is refused at once, by name and with the reason,
// takes no slot and is never uploaded. The Edit and Upscale tabs take the same types and say which.
import { readFileSync } from 'node:fs';
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading } from './support/browser.ts';
import { signedInPage, toastOf } from './support/studio.ts';
import { HOST_DIST } from './support/ui-build.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer());
});

afterAll(() => stopUiServer({ server, browser }));

const picture = readFileSync(`${HOST_DIST}/showcase/showcase-1.webp`);
const notAnImage = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all, just some notes') };
// A real WebP's first bytes: it says WebP, but cannot be decoded.
const cutOff = { name: 'cut-off.webp', mimeType: 'image/webp', buffer: picture.subarray(0, 300) };
const good = { name: 'good.webp', mimeType: 'image/webp', buffer: picture };

async function openTab(page: Page, tab: string) {
  await page.goto(`${server.url}/generate`);
  await expectHeading(page, 'AI Image Studio');
  await page.getByRole('tab', { name: tab }).click();
}

describe('picking pictures', () => {
  it('Edit: refuses a non-image named .png and a cut-off picture at once, by name; only the good one counts', async () => {
    const session = await signedInPage(browser, server, 50);
    const { page, requests } = session;
    await openTab(page, 'Edit Image');
    await page.getByTestId('reference-input').setInputFiles([notAnImage, cutOff, good]);
    await expect.poll(() => page.locator('.ui-Toast-title').textContent()).toBe('2 images not added');
    const told = await toastOf(page).textContent();
    expect(told).toContain('notes.png is not a PNG, JPG or WebP image.');
    expect(told).toContain('cut-off.webp cannot be opened as a picture: it is damaged or not an image.');
    await expect.poll(() => page.getByTestId('reference-count').textContent()).toBe('1/5');
    // The one thumbnail shows the picture (not a broken image).
    const thumbs = page.locator('.studio-references-list img');
    expect(await thumbs.count()).toBe(1);
    await expect.poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(requests.some((url) => url.endsWith('/api/upload-images'))).toBe(false);
    await session.close();
  });

  it('Upscale: refuses a non-image at once and keeps the chooser empty; a good picture is taken', async () => {
    const session = await signedInPage(browser, server, 50);
    const { page } = session;
    await openTab(page, 'Upscale HD');
    await page.getByTestId('upscale-input').setInputFiles(notAnImage);
    await expect.poll(() => page.locator('.ui-Toast-title').textContent()).toBe('Image not added');
    expect(await toastOf(page).textContent()).toContain('notes.png is not a PNG, JPG or WebP image.');
    expect(await page.getByTestId('upscale-file-name').textContent()).toBe('No image chosen');
    expect(await page.getByRole('button', { name: 'Upscale Image' }).isDisabled()).toBe(true);

    await page.getByTestId('upscale-input').setInputFiles(good);
    await expect.poll(() => page.getByTestId('upscale-file-name').textContent()).toBe('good.webp');
    expect(await page.getByRole('button', { name: 'Upscale Image' }).isEnabled()).toBe(true);
    await session.close();
  });

  it('both tabs take the same types and say which, in English and Vietnamese', async () => {
    const session = await signedInPage(browser, server, 50);
    const { page } = session;
    const accepts: Record<string, string | null> = {};
    await openTab(page, 'Edit Image');
    await expect.poll(() => page.getByText('PNG, JPG or WebP, up to 10 MB each.', { exact: true }).count()).toBe(1);
    accepts.edit = await page.getByTestId('reference-input').getAttribute('accept');
    await page.getByRole('tab', { name: 'Upscale HD' }).click();
    await expect.poll(() => page.getByText('PNG, JPG or WebP, up to 10 MB.', { exact: true }).count()).toBe(1);
    accepts.upscale = await page.getByTestId('upscale-input').getAttribute('accept');
    expect(accepts.edit).toBe('image/png,image/jpeg,image/webp');
    expect(accepts.upscale).toBe(accepts.edit);

    await page.evaluate(() => localStorage.setItem('app-language', 'vi'));
    await page.reload();
    await page.getByRole('tab', { name: 'Nâng cấp HD' }).click();
    await page.getByTestId('upscale-input').setInputFiles(notAnImage);
    await expect.poll(() => page.locator('.ui-Toast-title').textContent()).toBe('1 ảnh không được thêm');
    expect(await toastOf(page).textContent()).toContain('notes.png không phải ảnh PNG, JPG hoặc WebP.');
    await expect.poll(() => page.getByText('PNG, JPG hoặc WebP, tối đa 10 MB.', { exact: true }).count()).toBe(1);
    await session.close();
  });
});
