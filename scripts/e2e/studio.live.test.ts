// Live updates in the studio: one event stream per browser shared by its tabs, the preview turning to the finished
// image from the stream's events (no polling of the task list while the stream is open).
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading } from './support/browser.ts';
import { type SignedInPage, signedInPage, toastOf } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;
/** Long enough that polling (preview every second) would ask several times before the result. */
const SANDBOX_DELAY_MS = 8_000;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ studio: { sandboxDelayMs: SANDBOX_DELAY_MS } }));
});

afterAll(() => stopUiServer({ server, browser }));

async function openStudio(page: Page) {
  await page.goto(`${server.url}/generate`);
  await expectHeading(page, 'AI Image Studio');
}

describe('studio: live updates', () => {
  let session: SignedInPage;

  beforeAll(async () => {
    session = await signedInPage(browser, server, 20);
  });
  afterAll(() => session?.close());

  it('holds one stream for two tabs and turns both previews to the finished image without polling', async () => {
    const { page, requests } = session;
    const second = await page.context().newPage();
    const secondRequests: string[] = [];
    second.on('request', (request) => secondRequests.push(request.url()));
    // When each tab asked for a task list.
    const taskCallTimes: number[] = [];
    for (const tab of [page, second])
      tab.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/image-tasks') taskCallTimes.push(Date.now());
      });
    await openStudio(page);
    await openStudio(second);
    const all = () => [...requests, ...secondRequests];
    const streams = () => all().filter((url) => new URL(url).pathname === '/api/events').length;
    const taskCalls = () => all().filter((url) => new URL(url).pathname === '/api/image-tasks').length;
    await expect.poll(streams, { timeout: 10_000 }).toBe(1);
    // Both tabs know the stream is open: their polling has stopped.
    for (const tab of [page, second])
      await expect.poll(() => tab.evaluate(() => document.documentElement.dataset.live), { timeout: 10_000 }).toBe('true');

    const before = taskCalls();
    await page.getByRole('textbox', { name: 'Prompt' }).fill('A red kite over green hills, flat illustration');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await expect.poll(() => toastOf(page).textContent()).toContain('Image generation started!');
    const previews = [page, second].map((tab) => tab.getByTestId('preview'));
    for (const preview of previews) await expect.poll(() => preview.getAttribute('data-status')).toMatch(/pending|generating/);

    await expect.poll(() => previews[0]?.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed');
    const shownAt = Date.now();
    await expect.poll(() => previews[1]?.getAttribute('data-status'), { timeout: 2_000 }).toBe('completed');
    const res = await server.request<{ tasks: { completedAt: string; resultUrls: string[] }[] }>(
      'GET',
      '/api/image-tasks?page=1&limit=1&days=1',
      { cookie: session.cookie },
    );
    const [task] = res.body.tasks;
    expect(await previews[0]?.locator('img').getAttribute('src')).toBe(task?.resultUrls[0]);
    // Within a second of the change in the database.
    expect(shownAt - Date.parse(task?.completedAt ?? '')).toBeLessThan(1_000);
    // Right after the submit each tab re-reads its lists (the submit itself, and the new task's first events); after
    // that the task's changes come only as events. Polling (preview every second in each tab) would have asked
    // several times in the last four seconds before the result.
    expect(taskCallTimes.filter((at) => at > shownAt - 4_000 && at <= shownAt)).toEqual([]);
    expect(taskCalls() - before).toBeLessThanOrEqual(12);
    expect(streams()).toBe(1);
    // The balance came with the stream as well.
    await expect.poll(() => second.locator('.credits-badge').textContent()).toContain('18');
    await second.close();
  });
});
