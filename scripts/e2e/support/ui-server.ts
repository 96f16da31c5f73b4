// What most browser tests start with: the real API serving the built UI, and Chromium.
import { startTestServer, type TestServer, type TestServerOptions } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { assertUiBuilt, HOST_DIST } from './ui-build.ts';

export interface UiServer {
  server: TestServer;
  browser: Browser;
}

/** Starts the API on a fresh database serving the built host shell (plus `options`), then Chromium. */
export async function startUiServer(options: TestServerOptions = {}): Promise<UiServer> {
  assertUiBuilt();
  const server = await startTestServer({ staticDir: HOST_DIST, ...options });
  try {
    return { server, browser: await launchBrowser() };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Closes what `startUiServer` started (either may be missing when the start failed). */
export async function stopUiServer(ui: Partial<UiServer>): Promise<void> {
  await ui.browser?.close();
  await ui.server?.close();
}
