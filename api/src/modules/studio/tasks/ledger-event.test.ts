// A task's charge says what happened (the task's kind and id), for the UI to word in the reader's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioTestDatabase, type StudioTestDatabase } from '../testing/database.ts';
import { textTask, userWithCredits } from '../testing/kit.ts';
import { submitImageTask } from './submit.service.ts';

let db: StudioTestDatabase;
beforeAll(async () => {
  db = await openStudioTestDatabase();
});
afterAll(() => db.close());

describe('the charge of a task', () => {
  it('records task_charge with the task kind and id beside the English description', async () => {
    const user = await userWithCredits(db.orm, 10);
    const { task } = await submitImageTask(db.orm.em.fork(), textTask(user.id, 'a paper boat'), {
      maxTasksInFlight: 4,
      maxWaitingTasks: 500,
      taskTimeoutMs: 600_000,
      isProduction: false,
    });
    const [row] = await db.orm.em
      .fork()
      .execute<{ description: string; event: unknown }[]>(
        `select "description", "event" from "transactions" where "user_id" = ? and "type" = 'usage'`,
        [user.id],
      );
    expect(row?.description).toBe(`Text to image (${task.taskId})`);
    expect(row?.event).toEqual({ kind: 'task_charge', params: { taskKind: 'text_to_image', taskId: task.taskId } });
  });
});
