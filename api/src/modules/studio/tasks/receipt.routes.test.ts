// A task's receipt on the wire: what it cost, its refund, and why it failed as a cause a reader's language can word.
import type { ImageTaskList } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { insertTask, userWithCredits } from '../testing/kit.ts';
import { FAILURE_MESSAGES } from './failure-messages.ts';

describe('the task receipt in the task list', () => {
  let server: TestServer;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer({ config: { role: 'web' } });
    const user = await userWithCredits(server.orm, 0);
    userId = user.id;
    cookie = await signIn(server, user);
  });
  afterAll(() => server?.close());

  it('names our own failure causes, passes a provider message as `provider`, and none for a task that did not fail', async () => {
    const refundedAt = new Date(Date.now() - 60_000);
    const timedOut = await insertTask(server.orm, userId, {
      status: 'failed',
      resultUrls: [],
      errorMessage: FAILURE_MESSAGES.timed_out,
      refunded: true,
      refundedAt,
      creditsUsed: 4,
    });
    const refused = await insertTask(server.orm, userId, { status: 'failed', resultUrls: [], errorMessage: 'Content policy violation' });
    const done = await insertTask(server.orm, userId, { refunded: true, refundedAt });
    const res = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=20&days=14', { cookie });
    const byId = new Map(res.body.tasks.map((task) => [task.taskId, task]));
    expect(byId.get(timedOut.taskId)).toMatchObject({
      failureCause: 'timed_out',
      creditsUsed: 4,
      refunded: true,
      refundedAt: refundedAt.toISOString(),
    });
    expect(byId.get(refused.taskId)).toMatchObject({ failureCause: 'provider', errorMessage: 'Content policy violation' });
    expect(byId.get(done.taskId)).toMatchObject({ failureCause: null, status: 'completed', refunded: true });
  });
});
