// A star is a change of the task like any other: other tabs hear it on the live stream, as the contract defines it.
import { LiveTaskEvent } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../../test/index.ts';
import { insertTask } from '../studio/testing/kit.ts';
import { type EventClient, openEvents } from './testing.ts';

describe('favourites on the live stream', () => {
  let server: TestServer;
  const open: EventClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ config: { role: 'web' } });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await server?.close();
  });

  it("sends the starred task to its owner's streams, and nothing to a stranger's", async () => {
    const owner = await createUser(server);
    const stranger = await createUser(server);
    const cookie = await signIn(server, owner);
    const strangerCookie = await signIn(server, stranger);
    const task = await insertTask(server.orm, owner.id, { prompt: 'a starred banana' });
    const client = await openEvents(server.url, cookie);
    const strangers = await openEvents(server.url, strangerCookie);
    open.push(client, strangers);

    expect((await server.request('PUT', `/api/image-tasks/${task.taskId}/favourite`, { cookie: strangerCookie })).status).toBe(404);
    expect((await server.request('PUT', `/api/image-tasks/${task.taskId}/favourite`, { cookie })).status).toBe(200);
    const event = await client.next((e) => e.event === 'task' && JSON.parse(e.data).id === task.id && JSON.parse(e.data).isFavourite);
    const starred = LiveTaskEvent.parse(JSON.parse(event.data));
    expect(starred).toMatchObject({ taskId: task.taskId, isFavourite: true });
    expect(client.invalid).toEqual([]);

    expect((await server.request('DELETE', `/api/image-tasks/${task.taskId}/favourite`, { cookie })).status).toBe(200);
    const unstarred = await client.next(
      (e) => e.event === 'task' && JSON.parse(e.data).id === task.id && JSON.parse(e.data).revision > starred.revision,
    );
    expect(JSON.parse(unstarred.data).isFavourite).toBe(false);
    expect(strangers.events.some((e) => e.data.includes(task.id))).toBe(false);
  });
});
