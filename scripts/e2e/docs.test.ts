// The API reference page: Scalar served from our own bundle (brotli), rendering the emitted spec with no outside
// request and without Scalar's own services (agent, MCP, developer tools).
import { startTestServer, type TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('API reference page', () => {
  it("renders every tag of the spec, including the automation API, compressed, with no request leaving the server and none of Scalar's services", async () => {
    const { page, close } = await openPage(browser);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding']));
    await page.goto(`${server.url}/api/docs`);
    // The title and the first tag's operations appear once Scalar has loaded and parsed /api/openapi.json;
    // the other tags are listed collapsed in the sidebar.
    await page.getByText('Nano Banana Image Studio API').first().waitFor({ timeout: 30_000 });
    await page.getByText('Liveness and database check').first().waitFor();
    for (const tag of ['Pricing', 'Billing', 'Studio', 'Auth', 'Admin', 'Automation', 'API tokens']) {
      await page.getByText(tag, { exact: true }).first().waitFor();
    }
    expect(requests.some((url) => url.endsWith('/api/openapi.json'))).toBe(true);
    const outside = requests.filter((url) => !url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:'));
    expect(outside).toEqual([]);
    // The 4 MB bundle and the spec arrive as brotli.
    expect(encodings.get('/api/docs/scalar.js')).toBe('br');
    expect(encodings.get('/api/openapi.json')).toBe('br');
    // On localhost Scalar shows these by default; the page's configuration turns them off. Whole labels only: the
    // spec's own prose may use the words ("requests arriving together share one query").
    for (const text of ['Ask AI', 'Developer Tools', 'Generate MCP', 'Share', 'Deploy', 'Open API Client']) {
      expect(await page.getByText(text, { exact: true }).count(), text).toBe(0);
    }
    await close();
  });
});
