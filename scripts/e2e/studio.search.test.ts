// Search on /my-creations as a user meets it: type words, see the matches, filter, reload (the address keeps it all),
// scroll to load the next cursor pages of a long history (the grid virtualised); on a phone and in Vietnamese.
import type { TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidewaysOverflow } from './support/reflow.ts';
import { type SignedInPage, signedInPage } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ seed: true }));
});

afterAll(() => stopUiServer({ server, browser }));

const PHONE = { width: 375, height: 812 };
const cards = (page: Page) => page.locator('.studio-task-card');

/**
 * Gives the session's user `count` finished tasks an hour apart (prompts `<word> <n>`), plus a few of other kinds
 * and origins, and one year-old task, written in SQL as a long history would be.
 */
async function seedHistory(session: SignedInPage, word: string, count: number) {
  await server.orm.em.fork().execute(
    `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "generation_type", "aspect_ratio", "status",
       "result_urls", "credits_used", "created_via", "created_at", "updated_at", "completed_at", "deadline_at")
     select gen_random_uuid(), ?, 'tsk_e2e_' || ? || n, ? || ' ' || n, 'nano_banana',
            case when n % 10 = 3 then 'edit_image' else 'text_to_image' end, '1:1', 'completed',
            array['http://127.0.0.1/files/results/none.png'], 2, case when n % 10 = 3 then 'api' else 'web' end,
            now() - n * interval '1 hour', now(), now(), now()
       from generate_series(1, ?) as n`,
    [session.user.id, word, word, count],
  );
  await server.orm.em.fork().execute(
    `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "generation_type", "aspect_ratio", "status",
       "result_urls", "credits_used", "created_via", "created_at", "updated_at", "completed_at", "deadline_at")
     values (gen_random_uuid(), ?, 'tsk_e2e_old_' || ?, 'ancient dragon temple', 'nano_banana', 'text_to_image', '1:1', 'completed',
             array['http://127.0.0.1/files/results/none.png'], 2, 'web', now() - interval '400 days', now(), now(), now())`,
    [session.user.id, word],
  );
}

describe('search on my creations', () => {
  it('finds by words, filters, keeps it in the address, and loads more while scrolling', async () => {
    const session = await signedInPage(browser, server, 0, { width: 1366, height: 900 });
    await seedHistory(session, 'lantern', 300);
    const { page, errors, requests } = session;
    await page.goto(`${server.url}/my-creations?scope=all`);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);

    // Typing settles before one search request goes out.
    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    const before = requests.filter((url) => url.includes('q=')).length;
    await search.pressSequentially('dragon', { delay: 40 });
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('dragon');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().textContent()).toContain('ancient dragon temple');
    expect(requests.filter((url) => url.includes('q=')).length - before).toBe(1);

    // Nothing matches: the empty state, and Clear filters brings the default view back.
    await search.fill('zebra');
    await page.getByTestId('creations-no-matches').waitFor();
    await page.getByTestId('creations-no-matches').getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await search.inputValue()).toBe('');

    // A filter from the keyboard: Type -> Edit (a native select: arrow keys move its choice).
    await search.fill('lantern');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('lantern');
    const type = page.getByRole('combobox', { name: 'Type' });
    await type.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('edit_image');
    // Tasks 3, 13, ... within 14 days (336 hours): 30 of them, all edits from the API.
    await page.getByText('30 matches').waitFor();

    // A reload keeps everything the address says.
    await page.reload();
    await page.getByText('30 matches').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search prompts' }).inputValue()).toBe('lantern');
    expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('edit_image');

    // The whole history, unfiltered: 301 tasks (past the search's count cap), 20 a page, loaded as the grid scrolls;
    // never all in the page at once.
    await page.goto(`${server.url}/my-creations?scope=all`);
    await page.getByText('More than 200 matches').waitFor();
    // Scroll until the oldest task is in the page, checking after each turn of the wheel (no fixed waits).
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 4000);
          return page.getByText('lantern 300', { exact: true }).count();
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    expect(requests.filter((url) => url.includes('cursor=')).length).toBeGreaterThanOrEqual(14);
    expect(await cards(page).count()).toBeLessThan(120);
    expect(errors).toEqual([]);
    await session.close();
  });

  it('works on a phone in Vietnamese', async () => {
    const session = await signedInPage(browser, server, 0, PHONE);
    await seedHistory(session, 'meadow', 45);
    const { page, errors } = session;
    await page.context().addInitScript(() => localStorage.setItem('app-language', 'vi'));
    await page.goto(`${server.url}/my-creations?q=meadow&via=api`);
    await page.getByText('5 kết quả').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Tìm trong mô tả' }).inputValue()).toBe('meadow');
    expect(await page.getByRole('combobox', { name: 'Nguồn' }).inputValue()).toBe('api');
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByText('45 ảnh trong 14 ngày qua').waitFor();
    // Nothing spills past the phone's width.
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(errors).toEqual([]);
    await session.close();
  });
});
