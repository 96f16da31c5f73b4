// A deleted task has no row to build a task event from: its owner's tabs get one `reset` per burst (read your lists
// again), a stranger's nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../../test/index.ts';
import { insertTask } from '../studio/testing/kit.ts';
import { type EventClient, openEvents } from './testing.ts';

describe('deleted tasks on the live stream', () => {
  let server: TestServer;
  const open: EventClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ config: { role: 'web' } });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await server?.close();
  });

  it("sends one reset to the owner's streams for a bulk delete, and nothing to a stranger's", async () => {
    const owner = await createUser(server);
    const stranger = await createUser(server);
    const cookie = await signIn(server, owner);
    const tasks = [];
    for (let i = 0; i < 5; i++) tasks.push(await insertTask(server.orm, owner.id, { prompt: `gone ${i}` }));
    const client = await openEvents(server.url, cookie);
    const strangers = await openEvents(server.url, await signIn(server, stranger));
    open.push(client, strangers);

    const res = await server.request('POST', '/api/image-tasks/delete', { cookie, body: { taskIds: tasks.map((t) => t.taskId) } });
    expect(res.status).toBe(200);
    const reset = await client.next((e) => e.event === 'reset');
    expect([reset.id, reset.data]).toEqual([undefined, '{}']);
    // A later event shows the burst was one reset.
    await server.request('DELETE', `/api/image-tasks/${tasks[0]?.taskId}`, { cookie });
    const other = await insertTask(server.orm, owner.id, { prompt: 'new' });
    await client.next((e) => e.event === 'task' && e.data.includes(other.taskId));
    expect(client.events.filter((e) => e.event === 'reset')).toHaveLength(1);
    expect(client.invalid).toEqual([]);
    expect(strangers.events.some((e) => e.event === 'reset')).toBe(false);
  });
});
