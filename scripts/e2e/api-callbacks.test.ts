// /api's Recent Callbacks: a callback the receiver refused shows as not delivered with its answer code, and one
// click on "Send again" delivers it (same webhook-id), as an integrator fixing their workflow would do.
import { createToken, createUser, type Receiver, startReceiver, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInAs, toastWithTitle } from './support/account.ts';
import { expectHeading } from './support/browser.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  ({ server, browser } = await startUiServer({
    studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 },
    config: { automationCallbacks: { retryMs: [200], allowedNetworks: ['127.0.0.1'] } },
  }));
});

afterAll(async () => {
  await stopUiServer({ server, browser });
  receiver?.close();
});

const rows = (page: Page) => page.getByTestId('delivery-row');

describe('Recent Callbacks on /api', () => {
  it('shows a refused callback with the answer code and sends it again with one click', async () => {
    const user = await createUser(server, { credits: 20 });
    const token = await createToken(server, user, 'n8n');
    receiver.state.failFirst = 2;
    const submitted = await fetch(`${server.url}/api/n8n/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { prompt: 'a red kite' }, callbackUrl: `${receiver.url}/hook` }),
    });
    expect(submitted.status).toBe(202);
    const { taskId } = (await submitted.json()) as { taskId: string };
    // Two refused attempts, after which the delivery is given up.
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);

    const { page, errors, close } = await openSignedInAs(browser, server, user);
    await page.goto(`${server.url}/api`);
    await expectHeading(page, 'API Access');
    await page.getByRole('heading', { name: 'Recent Callbacks' }).waitFor();
    const completed = rows(page).filter({ hasText: 'Completed' });
    await expect.poll(() => completed.getAttribute('data-state'), { timeout: 30_000 }).toBe('failed');
    expect(await completed.textContent()).toContain(taskId);
    expect(await completed.getByTestId('delivery-answer').textContent()).toBe('Receiver answered HTTP 500');
    expect(await rows(page).filter({ hasText: 'Failed' }).getAttribute('data-state')).toBe('skipped');

    await completed.getByRole('button', { name: 'Send again' }).click();
    expect(await toastWithTitle(page, 'Callback queued again')).toContain(`${receiver.url}/hook`);
    await expect.poll(() => completed.getAttribute('data-state'), { timeout: 30_000 }).toBe('delivered');
    expect(await completed.getByTestId('delivery-answer').textContent()).toBe('Receiver answered HTTP 200');
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
    expect(errors).toEqual([]);
    await close();
  });
});
