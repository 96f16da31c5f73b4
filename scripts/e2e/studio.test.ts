// The studio (/generate) against the real API and the sandbox provider: text to image, the Image Details
// dialog (Recreate, Upscale x4, Download), edit with reference images, and polling that rests in hidden tabs.
import { readFile } from 'node:fs/promises';
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading } from './support/browser.ts';
import { cardOf, detailsDialog, imageKind, type SignedInPage, signedInPage, toastOf } from './support/studio.ts';
import { HOST_DIST } from './support/ui-build.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true, studio: { sandboxDelayMs: 3_000 } }));
});

afterAll(() => stopUiServer({ server, browser }));

interface WireTask {
  id: string;
  taskId: string;
  prompt: string;
  status: string;
  generationType: string;
  resultUrls: string[];
  inputImageUrls: string[];
  hdImageUrl: string | null;
}

async function tasksOf(session: SignedInPage): Promise<WireTask[]> {
  const res = await server.request<{ tasks: WireTask[] }>('GET', '/api/image-tasks?page=1&limit=50&days=14', { cookie: session.cookie });
  return res.body.tasks;
}

async function openStudio(page: Page) {
  await page.goto(`${server.url}/generate`);
  await expectHeading(page, 'AI Image Studio');
}

const SHOWCASE = (n: number) => `${HOST_DIST}/showcase/showcase-${n}.webp`;

describe('studio: text to image', () => {
  let session: SignedInPage;
  let task: WireTask;
  const prompt = 'A lighthouse on a tiny island at dawn, isometric, soft pastel colors, clean shapes, high detail';

  beforeAll(async () => {
    session = await signedInPage(browser, server, 100);
  });
  afterAll(() => session?.close());

  it('creates an image from a prompt: toast, charged balance, spinner then the result in the preview and in Recent Images', async () => {
    const { page, errors } = session;
    await openStudio(page);
    const preview = page.getByTestId('preview');
    await expect.poll(() => preview.textContent()).toContain('Generated image will appear here');
    // Studio price of text to image (admin settings default).
    await expect.poll(() => page.getByTestId('action-cost').textContent()).toContain('Cost: 2 credits');
    expect(await page.getByRole('heading', { name: 'Recent Images' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await expect.poll(() => toastOf(page).textContent()).toContain('Image generation started!');
    expect(await toastOf(page).textContent()).toContain("Check 'My Creations' to see the progress.");
    // The header's balance follows the charge at once.
    await expect.poll(() => page.locator('.credits-badge').textContent()).toContain('98');

    await expect.poll(() => preview.getAttribute('data-status')).toMatch(/pending|generating/);
    expect(await preview.textContent()).toContain('Generating image...');
    // The preview quotes the first 50 characters of the prompt.
    expect(await preview.textContent()).toContain(`${prompt.slice(0, 50).trimEnd()}...`);

    await expect.poll(() => preview.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed');
    [task] = (await tasksOf(session)) as [WireTask];
    expect(task.status).toBe('completed');
    expect(await preview.locator('img').getAttribute('src')).toBe(task.resultUrls[0]);
    await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.getByRole('heading', { name: 'Recent Images' }).waitFor();
    const card = cardOf(page, task.taskId);
    await expect.poll(() => card.getAttribute('data-status')).toBe('completed');
    const text = await card.textContent();
    expect(text).toContain('WEB');
    expect(text).toContain('Completed');
    expect(text).toContain('Nano Banana');
    expect(text).toContain(`${prompt.slice(0, 60).trimEnd()}...`);
    expect(text).not.toContain(prompt);
    expect(await page.getByRole('link', { name: 'View All Creations' }).getAttribute('href')).toBe('/my-creations');
    expect(errors).toEqual([]);
  });

  it('shows the task in Image Details with its facts, and Recreate prefills the form after a reload', async () => {
    const { page } = session;
    await cardOf(page, task.taskId).click();
    const dialog = detailsDialog(page);
    await dialog.waitFor();
    expect(await dialog.locator('[data-quality]').textContent()).toBe('Standard Quality');
    expect(await dialog.locator('[data-fact="taskId"] dd').textContent()).toBe(task.taskId);
    expect(await dialog.locator('[data-fact="model"] dd').textContent()).toBe('Nano Banana');
    expect(await dialog.locator('[data-fact="ratio"] dd').textContent()).toBe('1:1');
    expect(await dialog.locator('[data-fact="credits"] dd').textContent()).toBe('2');
    expect(await dialog.locator('[data-fact="via"] dd').textContent()).toBe('Web');
    expect(await dialog.locator('.studio-details-image').getAttribute('style')).toContain('aspect-ratio: 1 / 1');
    expect(await dialog.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['Recreate Image', 'Upscale HD Quality', 'Download Image']),
    );

    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Recreate Image' }).click();
    await reloaded;
    await expectHeading(page, 'AI Image Studio');
    await expect.poll(() => page.getByRole('textbox', { name: 'Prompt' }).inputValue()).toBe(prompt);
    expect(await page.getByRole('tab', { name: 'Text to Image' }).getAttribute('aria-selected')).toBe('true');
    // The hand-over is used once: another reload starts empty.
    expect(await page.evaluate(() => sessionStorage.getItem('studio-recreate'))).toBeNull();
  });

  it('downloads the image through the proxy as a real image file', async () => {
    const { page } = session;
    await cardOf(page, task.taskId).click();
    const dialog = detailsDialog(page);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Image' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^nano-banana-${task.taskId}\\.(png|jpg|webp)$`));
    const bytes = await readFile((await download.path())!);
    expect(bytes.length).toBeGreaterThan(1_000);
    expect(imageKind(bytes)).toBeDefined();
    await expect.poll(() => toastOf(page).textContent()).toContain('Download complete!');
    expect(await toastOf(page).textContent()).toContain(`Downloaded ${download.suggestedFilename()}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('upscales the result x4 from the dialog: the upscale tab opens preloaded; the HD badge goes to the upscale, whose card and dialog agree', async () => {
    const { page, requests } = session;
    await cardOf(page, task.taskId).click();
    const dialog = detailsDialog(page);
    await dialog.getByRole('button', { name: 'Upscale HD Quality' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The upscale tools may still be loading: the tab shows once they can.
    await expect.poll(() => page.getByRole('tab', { name: 'Upscale HD' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('radio', { name: 'x4' }).isChecked()).toBe(true);
    // Preloaded through the proxy and shown with its file name.
    await page.getByRole('img', { name: 'Image to upscale' }).waitFor();
    expect(requests.some((url) => url.includes('/api/proxy-image?url='))).toBe(true);
    expect(await page.getByTestId('upscale-file-name').textContent()).not.toBe('No image chosen');
    // Scrolled back to the top (a smooth scroll cut short on a busy machine may settle a pixel short).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(1);

    const submitted = page.waitForRequest((request) => request.url().endsWith('/api/upscale-image'));
    await page.getByRole('button', { name: 'Upscale Image' }).click();
    const body = (await submitted).postDataJSON() as { imageUrl: string; scaleRatio: string; faceEnhancement: boolean };
    expect(body).toEqual({ imageUrl: task.resultUrls[0], scaleRatio: '4', faceEnhancement: false });
    await expect.poll(() => toastOf(page).textContent()).toContain('Upscale Started!');
    expect(await toastOf(page).textContent()).toContain('Your image is being upscaled to x4. Check recent images for progress.');

    // The source's dialog, open while the upscale runs, turns HD Ready by itself once the HD address arrives.
    const source = cardOf(page, task.taskId);
    await source.click();
    expect(await dialog.locator('[data-quality]').textContent()).toBe('Standard Quality');
    await expect.poll(() => dialog.locator('[data-quality]').textContent(), { timeout: 20_000 }).toBe('HD Ready');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The source's own image is still the standard one: no HD badge on its card.
    expect(await source.locator('[data-badge="hd"]').count()).toBe(0);

    // The upscale's own card and dialog: its image is the HD one (HD and Upscale badges, High Quality), no Recreate or Upscale.
    const upscaled = (await tasksOf(session)).find((candidate) => candidate.generationType === 'upscale')!;
    const upscaleCard = cardOf(page, upscaled.taskId);
    await expect.poll(() => upscaleCard.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed');
    expect(await upscaleCard.locator('[data-badge="upscale"]').count()).toBe(1);
    expect(await upscaleCard.locator('[data-badge="hd"]').count()).toBe(1);
    await upscaleCard.click();
    expect(await dialog.locator('[data-quality]').textContent()).toBe('High Quality');
    expect(await dialog.getByRole('button', { name: 'Recreate Image' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Upscale HD Quality' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Download Image' }).count()).toBe(1);
    await page.keyboard.press('Escape');
  });
});

describe('studio: edit with reference images', () => {
  it('uploads two references, then generates an edit with both addresses; the counter and the limit of 5 hold', async () => {
    const session = await signedInPage(browser, server, 100);
    const { page, errors } = session;
    await openStudio(page);
    await page.getByRole('tab', { name: 'Edit Image' }).click();
    const input = page.getByTestId('reference-input');
    await input.setInputFiles([SHOWCASE(1), SHOWCASE(2)]);
    // Added once the browser has decoded them.
    await expect.poll(() => page.getByTestId('reference-count').textContent()).toBe('2/5');
    expect(await page.getByRole('img', { name: /^Reference image/ }).count()).toBe(2);
    // Studio price of an edit (admin settings default).
    await expect.poll(() => page.getByTestId('action-cost').textContent()).toContain('Cost: 3 credits');

    const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/upload-images'));
    const generated = page.waitForRequest((request) => request.url().endsWith('/api/generate-image'));
    await page.getByRole('textbox', { name: 'Instructions' }).fill('Blend both pictures into one dreamy scene');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    const upload = await uploaded;
    expect(upload.status()).toBe(201);
    const { urls } = (await upload.json()) as { urls: string[] };
    expect(urls).toHaveLength(2);
    const body = (await generated).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'nano_banana_edit', generationType: 'edit_image', inputImageUrls: urls });
    await expect.poll(() => toastOf(page).textContent()).toContain('Image generation started!');

    const preview = page.getByTestId('preview');
    await expect.poll(() => preview.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed');
    const [task] = (await tasksOf(session)) as [WireTask];
    expect(task.inputImageUrls).toEqual(urls);
    await cardOf(page, task.taskId).click();
    const dialog = detailsDialog(page);
    await expect.poll(() => dialog.getByRole('img', { name: /^Input image/ }).count()).toBe(2);
    expect(await dialog.locator('[data-fact="model"] dd').textContent()).toBe('Nano Banana Edit');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // More files than free slots are cut to 5; at 5 the input is disabled.
    await input.setInputFiles([SHOWCASE(3), SHOWCASE(4), SHOWCASE(5), SHOWCASE(6), SHOWCASE(7)]);
    await expect.poll(() => page.getByTestId('reference-count').textContent()).toBe('5/5');
    await expect.poll(() => input.isDisabled()).toBe(true);
    expect(await page.getByText('Maximum 5 images reached').count()).toBe(1);
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await expect.poll(() => page.getByTestId('reference-count').textContent()).toBe('4/5');
    await expect.poll(() => input.isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await session.close();
  });
});

describe('studio: polling', () => {
  it('polls when the event stream cannot open, stops while the tab is hidden and picks up again when it is shown', async () => {
    const session = await signedInPage(browser, server, 10);
    const { page, requests } = session;
    // A proxy that does not pass event streams: the spec's polling intervals are the fallback.
    await page.route('**/api/events', (route) => route.abort());
    await openStudio(page);
    const taskCalls = () => requests.filter((url) => url.includes('/api/image-tasks')).length;
    // Preview every second and recent every 2 s: a few calls within 3 s.
    const start = taskCalls();
    await page.waitForTimeout(3_000);
    expect(taskCalls() - start).toBeGreaterThanOrEqual(3);

    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForTimeout(500);
    const hidden = taskCalls();
    await page.waitForTimeout(3_000);
    expect(taskCalls()).toBe(hidden);

    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => taskCalls(), { timeout: 5_000 }).toBeGreaterThan(hidden);
    await session.close();
  });
});
