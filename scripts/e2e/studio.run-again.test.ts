// "Run again" from a task's details on /my-creations: the same request once more, one task and one charge for a
// double click, on a desktop in English and on a phone in Vietnamese.
import type { TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTask } from '../../api/src/modules/studio/testing/kit.ts';
import { DESKTOP } from './support/browser.ts';
import { cardOf, signedInPage } from './support/studio.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startUiServer({ studio: { sandboxDelayMs: 200 } }));
});

afterAll(() => stopUiServer({ server, browser }));

const WORDS = {
  en: { details: 'Image Details', runAgain: 'Run again' },
  vi: { details: 'Chi tiết ảnh', runAgain: 'Chạy lại' },
} as const;

describe('run again', () => {
  for (const [language, viewport] of [
    ['en', DESKTOP],
    ['vi', { width: 375, height: 812 }],
  ] as const) {
    it(`${language} at ${viewport.width} px: a failed task runs again with its seed and ratio; a double click is one task, one charge`, async () => {
      const w = WORDS[language];
      const session = await signedInPage(browser, server, 20, viewport);
      const failed = await insertTask(server.orm, session.user.id, {
        prompt: 'A tin robot reading under a lamp',
        aspectRatio: '3:4',
        seeds: 31337,
        status: 'failed',
        resultUrls: [],
        errorMessage: 'Generation failed.',
        createdAt: new Date(),
      });
      const { page } = session;
      await page.addInitScript((lang) => localStorage.setItem('app-language', lang), language);
      await page.goto(`${server.url}/my-creations`);
      await cardOf(page, failed.taskId).click();
      const dialog = page.getByRole('dialog', { name: w.details });
      await dialog.getByRole('button', { name: w.runAgain }).dblclick();
      await expect.poll(() => dialog.count()).toBe(0);

      const tasks = async () =>
        await server.orm.em
          .fork()
          .execute<{ task_id: string; aspect_ratio: string; seeds: number; prompt: string }[]>(
            'select "task_id", "aspect_ratio", "seeds", "prompt" from "image_tasks" where "user_id" = ? and "task_id" <> ?',
            [session.user.id, failed.taskId],
          );
      await expect.poll(async () => (await tasks()).length).toBe(1);
      expect((await tasks())[0]).toMatchObject({ aspect_ratio: '3:4', seeds: 31337, prompt: 'A tin robot reading under a lamp' });
      // One charge of the text price (2 by default), however many presses.
      const [row] = await server.orm.em
        .fork()
        .execute<{ credits: number }[]>('select "credits" from "users" where "id" = ?', [session.user.id]);
      expect(row?.credits).toBe(18);
      await session.close();
    });
  }
});
