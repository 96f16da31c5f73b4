// The admin users table fits its container at every width a person uses: every row's actions, Delete last, are
// fully on screen without scrolling sideways, as a table on a wide screen or as cards on a narrow one.
import { createUser, type TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInAs } from './support/account.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer());
});

afterAll(() => stopUiServer({ server, browser }));

describe('admin users table', () => {
  it('shows every Delete button whole from 320 to 2560 px', async () => {
    const admin = await createUser(server, { username: 'layout_admin', isAdmin: true, email: 'layout.admin@example.test' });
    await createUser(server, {
      username: 'a_rather_long_username_x',
      email: 'someone.with.a.long.address@example.test',
      credits: 1_234_567,
    });
    const { page, close } = await openSignedInAs(browser, server, admin);
    await page.goto(`${server.url}/admin?section=users`);
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(2);
    for (const width of [320, 390, 768, 1024, 1280, 1366, 1440, 1680, 1920, 2560]) {
      await page.setViewportSize({ width, height: 900 });
      const cut = () =>
        page.evaluate(() => {
          const faults: string[] = [];
          const scroller = document.querySelector('[data-testid="users-table"]')?.closest('.ui-TableScroll');
          if (scroller && scroller.scrollWidth > scroller.clientWidth + 1)
            faults.push(`scrolls ${scroller.scrollWidth} > ${scroller.clientWidth}`);
          const edge = Math.min(document.documentElement.clientWidth, scroller?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY);
          for (const button of document.querySelectorAll('[data-testid="user-row"] button')) {
            const box = button.getBoundingClientRect();
            if (box.right > edge + 0.5) faults.push(`${button.textContent} ends at ${box.right} > ${edge}`);
          }
          return faults;
        });
      await expect.poll(cut, { message: `at ${width}px` }).toEqual([]);
    }
    await close();
  });
});
