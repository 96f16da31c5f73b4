// The studio when things go wrong, against the real API: a failed task and its refund, an empty prompt,
// a refused upload, an upscale that gets no address back, a proxy error on download; plus busy labels,
// the upscale chooser, API badges and the Vietnamese download toasts.
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, holdRequests } from './support/browser.ts';
import { cardOf, detailsDialog, type SignedInPage, signedInPage, toastOf } from './support/studio.ts';
import { HOST_DIST } from './support/ui-build.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true, studio: { sandboxDelayMs: 1_000 } }));
});

afterAll(() => stopUiServer({ server, browser }));

interface WireTask {
  id: string;
  taskId: string;
  status: string;
  resultUrls: string[];
}

async function tasksOf(session: SignedInPage): Promise<WireTask[]> {
  return (await server.request<{ tasks: WireTask[] }>('GET', '/api/image-tasks?page=1&limit=50&days=14', { cookie: session.cookie })).body
    .tasks;
}

/** One completed text-to-image task made through the API. */
async function completedTask(session: SignedInPage): Promise<WireTask> {
  const res = await server.request<{ task: WireTask }>('POST', '/api/generate-image', {
    cookie: session.cookie,
    headers: { origin: server.url },
    body: { prompt: 'A paper boat on a puddle', model: 'nano_banana', generationType: 'text_to_image' },
  });
  expect(res.status).toBe(202);
  await expect
    .poll(async () => (await tasksOf(session)).find((task) => task.id === res.body.task.id)?.status, { timeout: 20_000, interval: 250 })
    .toBe('completed');
  return (await tasksOf(session)).find((task) => task.id === res.body.task.id)!;
}

async function openStudio(page: Page) {
  await page.goto(`${server.url}/generate`);
  await expectHeading(page, 'AI Image Studio');
}

describe('studio errors', () => {
  it('a task that fails shows in the preview, gives the credits back in the header at once, and shows its error in the dialog', async () => {
    const session = await signedInPage(browser, server, 50);
    const { page } = session;
    await openStudio(page);
    await page.getByRole('textbox', { name: 'Prompt' }).fill('[sandbox:fail] a picture that will not come');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await expect.poll(() => page.locator('.credits-badge').textContent()).toContain('48');
    const preview = page.getByTestId('preview');
    await expect.poll(() => preview.getAttribute('data-status'), { timeout: 20_000 }).toBe('failed');
    expect(await preview.textContent()).toContain('Generation failed');
    expect(await preview.textContent()).toContain('Try again with different prompt');
    // Refunded by the server; the header follows without its 30 s poll.
    await expect.poll(() => page.locator('.credits-badge').textContent(), { timeout: 5_000 }).toContain('50');

    const [task] = (await tasksOf(session)) as [WireTask];
    const card = cardOf(page, task.taskId);
    expect(await card.textContent()).toContain('Failed');
    await card.click();
    const dialog = detailsDialog(page);
    const error = dialog.getByRole('alert');
    expect(await error.textContent()).toContain('simulated failure');
    expect(await error.textContent()).toContain('Credits refunded');
    expect(await dialog.getByRole('button', { name: 'Download Image' }).count()).toBe(0);
    await session.close();
  });

  it('asks for a prompt before sending and clears the message as the user types', async () => {
    const session = await signedInPage(browser, server, 50);
    const { page, requests } = session;
    await openStudio(page);
    // Empty prompt: caught before anything is sent.
    await page.getByRole('button', { name: 'Generate Image' }).click();
    expect(await page.getByText('Prompt is required').count()).toBe(1);
    expect(requests.some((url) => url.endsWith('/api/generate-image'))).toBe(false);

    await page.getByRole('textbox', { name: 'Prompt' }).fill('A castle made of clouds');
    // Gone before the next click, so the button does not move under the pointer.
    expect(await page.getByText('Prompt is required').count()).toBe(0);
    await session.close();
  });

  it('a refused upload clears the busy state and sends no generation', async () => {
    const session = await signedInPage(browser, server, 50);
    const { page, requests } = session;
    await openStudio(page);
    await page.getByRole('tab', { name: 'Edit Image' }).click();
    // A picture the browser takes, refused by the server (it checks the bytes again).
    await page.route('**/api/upload-images', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, code: 'bad_request', detail: 'Not an image' }),
      }),
    );
    await page.getByTestId('reference-input').setInputFiles(`${HOST_DIST}/showcase/showcase-1.webp`);
    await expect.poll(() => page.getByTestId('reference-count').textContent()).toBe('1/5');
    await page.getByRole('textbox', { name: 'Instructions' }).fill('Make it pop');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await expect.poll(() => toastOf(page).textContent()).toContain('Upload failed');
    expect(requests.some((url) => url.endsWith('/api/upload-images'))).toBe(true);
    expect(requests.some((url) => url.endsWith('/api/generate-image'))).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Generate Image' }).isEnabled()).toBe(true);
    await session.close();
  });

  it("shows 'Generating...' while a generation is being sent, with the studio's buttons disabled", async () => {
    const session = await signedInPage(browser, server, 50);
    const { page } = session;
    await openStudio(page);
    const release = await holdRequests(page, '**/api/generate-image');
    await page.getByRole('textbox', { name: 'Prompt' }).fill('A slow snail');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    const busy = page.locator('.studio-submit-button[data-busy]');
    await busy.waitFor();
    // The request is held, so these states must be reached (polled: a loaded machine renders late).
    await expect.poll(() => busy.textContent(), { timeout: 10_000 }).toContain('Generating...');
    await expect.poll(() => busy.isDisabled(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole('textbox', { name: 'Prompt' }).isDisabled(), { timeout: 10_000 }).toBe(true);
    release();
    await expect.poll(() => toastOf(page).textContent()).toContain('Image generation started!');
    await expect.poll(() => page.getByRole('button', { name: 'Generate Image' }).isEnabled()).toBe(true);
    await session.close();
  });

  it("upscales a chosen file: disabled without one, name cut at 15 characters, 'Processing...' while sending", async () => {
    const session = await signedInPage(browser, server, 50);
    const { page } = session;
    const png = await fetch((await completedTask(session)).resultUrls[0]!).then(async (res) => Buffer.from(await res.arrayBuffer()));
    await openStudio(page);
    await page.getByRole('tab', { name: 'Upscale HD' }).click();
    const submit = page.getByRole('button', { name: 'Upscale Image' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'x2' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByText('PNG, JPG or WebP, up to 10 MB.', { exact: true }).count()).toBe(1);

    await page.getByTestId('upscale-input').setInputFiles({ name: 'my-holiday-picture.png', mimeType: 'image/png', buffer: png });
    // Taken once the browser has decoded it.
    await expect.poll(() => page.getByTestId('upscale-file-name').textContent()).toBe('my-holiday-pict...');
    // The radios and the checkbox are styled labels over visually hidden inputs: press what the user sees.
    await page.locator('.studio-scale-option', { hasText: 'x3' }).click();
    expect(await page.getByRole('radio', { name: 'x3' }).isChecked()).toBe(true);
    await page.getByText('Face enhancement', { exact: true }).click();
    expect(await page.getByRole('checkbox', { name: 'Face enhancement' }).isChecked()).toBe(true);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/upscale-image', async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/upscale-image'));
    await submit.click();
    const body = (await sent).postDataJSON() as { imageUrl: string; scaleRatio: string; faceEnhancement: boolean };
    expect(body.scaleRatio).toBe('3');
    expect(body.faceEnhancement).toBe(true);
    // A chosen file is uploaded first; the upscale gets the stored address.
    expect(body.imageUrl).toMatch(/^http/);
    const busy = page.locator('.studio-submit-button[data-busy]');
    expect(await busy.textContent()).toContain('Processing...');
    release();
    await expect.poll(() => toastOf(page).textContent()).toContain('Upscale Started!');
    expect(await toastOf(page).textContent()).toContain('upscaled to x3');
    await session.close();
  });

  it("reports 'Failed to upload image' when the upload gives no address back", async () => {
    const session = await signedInPage(browser, server, 50);
    const { page, requests } = session;
    const png = await fetch((await completedTask(session)).resultUrls[0]!).then(async (res) => Buffer.from(await res.arrayBuffer()));
    await openStudio(page);
    await page.getByRole('tab', { name: 'Upscale HD' }).click();
    await page.getByTestId('upscale-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByTestId('upscale-file-name').textContent()).toBe('photo.png');
    // An answer the real server never gives: a stored upload without its address.
    await page.route('**/api/upload-images', (route) => route.fulfill({ status: 201, json: { urls: [] } }));
    await page.getByRole('button', { name: 'Upscale Image' }).click();
    await expect.poll(() => toastOf(page).textContent()).toContain('Upscale Failed');
    expect(await toastOf(page).textContent()).toContain('Failed to upload image');
    expect(requests.some((url) => url.endsWith('/api/upscale-image'))).toBe(false);
    await session.close();
  });

  it('reports a download the proxy refuses, and tags tasks from the automation API as API', async () => {
    const session = await signedInPage(browser, server, 50);
    const task = await completedTask(session);
    // Tasks made through the automation API carry its origin (api or n8n).
    await server.orm.em.fork().execute(`update image_tasks set created_via = 'n8n' where id = ?`, [task.id]);
    const { page } = session;
    await openStudio(page);
    const card = cardOf(page, task.taskId);
    await expect.poll(() => card.locator('[data-badge="via"]').textContent()).toBe('API');
    await card.click();
    const dialog = detailsDialog(page);
    expect(await dialog.locator('[data-fact="via"] dd').textContent()).toBe('API');

    await page.route('**/api/proxy-image?*', (route) => route.fulfill({ status: 502, body: 'upstream down' }));
    await dialog.getByRole('button', { name: 'Download Image' }).click();
    await expect.poll(() => toastOf(page).textContent()).toContain('Image download failed');
    expect(await toastOf(page).textContent()).toContain('Failed to fetch image: 502');
    await session.close();
  });

  it('words the download toasts in Vietnamese as the spec gives them', async () => {
    const session = await signedInPage(browser, server, 50);
    const task = await completedTask(session);
    const { page } = session;
    await page.goto(server.url);
    await page.evaluate(() => localStorage.setItem('app-language', 'vi'));
    await page.goto(`${server.url}/my-creations`);
    await expectHeading(page, 'Ảnh của tôi');
    await cardOf(page, task.taskId).click();
    const dialog = page.getByRole('dialog', { name: 'Chi tiết ảnh' });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Tải ảnh xuống' }).click();
    const download = await downloading;
    await expect.poll(() => toastOf(page).textContent()).toContain('Download thành công!');
    expect(await toastOf(page).textContent()).toContain(`Đã tải ${download.suggestedFilename()}`);

    await page.route('**/api/proxy-image?*', (route) => route.fulfill({ status: 404, body: '' }));
    await dialog.getByRole('button', { name: 'Tải ảnh xuống' }).click();
    await expect.poll(() => toastOf(page).textContent()).toContain('Lỗi tải hình ảnh');
    await session.close();
  });
});
