// Provider callbacks in disorder: the sandbox calls back like KIE, and tests add copies that come twice, early,
// late or never arrive. Whatever the order, every task ends exactly once and is charged once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/index.ts';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { AdminSettings } from '../../settings/index.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';
import type { SubmitTaskInput } from '../tasks/submit.service.ts';
import { eventually, reloadTask, settled, userWithCredits } from '../testing/kit.ts';
import { PROVIDER_CALLBACK_QUEUE, TASK_STEP_QUEUE } from './task-queue.ts';

describe('provider callbacks arriving twice, late or never', () => {
  let server: TestServer;
  const completions = new Map<string, number>();

  beforeAll(async () => {
    server = await startTestServer({
      // Without history the next look is an hour away: the first task can only finish through the sandbox's callback.
      studio: { sandboxDelayMs: 400, pollMinMs: 3_600_000, pollMaxMs: 3_600_000, maxTasksInFlight: 50 },
    });
    server.studio.onTransition(async (_tx, transition) => {
      if (transition.event === 'completed') completions.set(transition.id, (completions.get(transition.id) ?? 0) + 1);
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const text = (userId: string, prompt: string): SubmitTaskInput => ({
    userId,
    kind: 'text_to_image',
    prompt,
    inputImageUrls: [],
    aspectRatio: '1:1',
    createdVia: 'web',
    priceList: 'studio',
  });
  const callBack = (providerTaskId: string) =>
    server.request('POST', '/api/kie/callback', {
      body: { code: 200, msg: 'success', data: { taskId: providerTaskId, state: 'success' } },
    });
  const providerIdOf = (id: string) =>
    eventually(async () => (await reloadTask(server.orm, id)).providerTaskId ?? undefined, 20_000, 'the task to be submitted');
  const quiet = () => server.studio.jobs.idle([TASK_STEP_QUEUE, PROVIDER_CALLBACK_QUEUE]);

  it("the sandbox calls back when the image is ready, and the callback runs the task's step at once", async () => {
    const user = await userWithCredits(server.orm, 10);
    const { task } = await server.studio.submit(server.orm.em.fork(), text(user.id, 'a kettle'));
    const done = await settled(server.orm, task.id, 20_000);
    expect(done.status).toBe('completed');
    // Learned for the schedule: about the sandbox's delay.
    expect(done.providerMs).toBeGreaterThanOrEqual(400);
    expect(completions.get(task.id)).toBe(1);
  });

  it('callbacks twice, early and late: every task completes once, charged once; a late one changes nothing', async () => {
    const user = await userWithCredits(server.orm, 100);
    const tasks = await Promise.all(
      Array.from({ length: 5 }, async (_, n) => (await server.studio.submit(server.orm.em.fork(), text(user.id, `twice ${n}`))).task),
    );
    // Early (before the image is ready) and twice at once, besides the sandbox's own.
    for (const task of tasks) {
      const providerTaskId = await providerIdOf(task.id);
      const answers = await Promise.all([callBack(providerTaskId), callBack(providerTaskId)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    }
    const done = await Promise.all(tasks.map((task) => settled(server.orm, task.id, 30_000)));
    expect(done.map((task) => task.status)).toEqual(Array(5).fill('completed'));
    const revisions = done.map((task) => task.revision);
    // Late: after the completion, twice again.
    for (const task of done) await Promise.all([callBack(task.providerTaskId ?? ''), callBack(task.providerTaskId ?? '')]);
    await quiet();
    const after = await Promise.all(tasks.map((task) => reloadTask(server.orm, task.id)));
    expect(after.map((task) => task.revision)).toEqual(revisions);
    expect(tasks.map((task) => completions.get(task.id))).toEqual(Array(5).fill(1));
    expect(await findLedgerMismatches(server.orm.em.fork())).toEqual([]);
  });

  it("callbacks that never arrive (the address unreachable): polling around the model's usual time ends every task once", async () => {
    // History exists now (the tasks above), so the schedule looks around the usual time despite the hour-long backoff.
    await server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { callbackUrl: 'http://127.0.0.1:9/api/kie/callback' });
    await server.heard();
    const user = await userWithCredits(server.orm, 100);
    const tasks = await Promise.all(
      Array.from({ length: 3 }, async (_, n) => (await server.studio.submit(server.orm.em.fork(), text(user.id, `never ${n}`))).task),
    );
    const done = await Promise.all(tasks.map((task) => settled(server.orm, task.id, 30_000)));
    expect(done.map((task) => task.status)).toEqual(Array(3).fill('completed'));
    await quiet();
    expect(tasks.map((task) => completions.get(task.id))).toEqual(Array(3).fill(1));
    const charged = await server.orm.em.fork().count(ImageTask, { user: user.id, refunded: false });
    expect(charged).toBe(3);
    expect(await findLedgerMismatches(server.orm.em.fork())).toEqual([]);
  });
});
