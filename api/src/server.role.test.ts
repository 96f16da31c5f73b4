import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/index.ts';
import type { SubmitTaskInput } from './modules/studio/index.ts';
import { TASK_STEP_QUEUE } from './modules/studio/index.ts';
import { reloadTask, settled, userWithCredits } from './modules/studio/testing/kit.ts';

const text = (userId: string): SubmitTaskInput => ({
  userId,
  kind: 'text_to_image',
  prompt: 'a role test',
  inputImageUrls: [],
  aspectRatio: '1:1',
  createdVia: 'web',
  priceList: 'studio',
});

describe('process roles', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a web process serves HTTP and runs no background work', async () => {
    server = await startTestServer({ config: { role: 'web' } });
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect(server.studio.jobs.runWorkers).toBe(false);
    // It still sends: a submitted task's step job waits for a worker.
    const user = await userWithCredits(server.orm, 10);
    const { task } = await server.studio.submit(server.orm.em.fork(), text(user.id));
    const [job] = await server.studio.jobs.boss.findJobs(TASK_STEP_QUEUE, { key: task.id });
    expect(job?.state).toBe('created');
    expect((await reloadTask(server.orm, task.id)).status).toBe('pending');
  });

  it('the default (all) serves and runs the background work', async () => {
    server = await startTestServer({ studio: { sandboxDelayMs: 0, pollMinMs: 50 } });
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect(server.studio.jobs.runWorkers).toBe(true);
    const user = await userWithCredits(server.orm, 10);
    const { task } = await server.studio.submit(server.orm.em.fork(), text(user.id));
    expect((await settled(server.orm, task.id)).status).toBe('completed');
  });
});
