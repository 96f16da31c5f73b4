import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ImageTaskList, LiveTaskEvent } from '@app/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, signIn, startTestServer, startWebProcessBeside, type TestServer } from '../../../test/index.ts';
import { loadConfig } from '../../config.ts';
import { startServer } from '../../server.ts';
import { destroyUserSessions, hashSessionId, Session } from '../auth/index.ts';
import { applyLedgerEntry } from '../ledger/index.ts';
import { failTask, ImageTask, ImageTaskRepository } from '../studio/index.ts';
import { LiveHub } from './hub.ts';
import type { TaskChange } from './index.ts';
import { type EventClient, openEvents } from './testing.ts';

type WithOrm = Pick<TestServer, 'orm'>;

/** A pending task of the user, inserted as the submit does; returns its uuid. */
async function insertTask(server: WithOrm, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  await server.orm.em.fork().insert(ImageTask, {
    id,
    user: userId,
    taskId: `tsk_${randomBytes(8).toString('hex')}`,
    prompt: 'a banana',
    model: 'nano_banana',
    aspectRatio: '1:1',
    creditsUsed: 2,
    createdAt: new Date(),
    updatedAt: new Date(),
    deadlineAt: new Date(Date.now() + 600_000),
  });
  return id;
}

/** Finishes a task the way the job does (status, result, thumbnail in one update). */
async function completeTask(server: WithOrm, id: string): Promise<void> {
  await server.orm.em
    .fork()
    .execute(
      `update "image_tasks" set "status" = 'completed', "result_urls" = array[?]::text[], "thumbnail_url" = ?, "completed_at" = now(), "revision" = "revision" + 1 where "id" = ?`,
      ['https://files.example.com/r.png', 'https://files.example.com/t.webp', id],
    );
}

async function addCredits(server: WithOrm, userId: string, amount: number): Promise<void> {
  await applyLedgerEntry(server.orm.em.fork(), {
    userId,
    amount,
    type: 'bonus',
    businessKey: `live-test:${randomBytes(6).toString('hex')}`,
    description: 'Test bonus',
  });
}

const taskEvent = (id: string, status?: string) => (event: { event: string; data: string }) =>
  event.event === 'task' && JSON.parse(event.data).id === id && (!status || JSON.parse(event.data).status === status);

describe('GET /api/events', () => {
  let server: TestServer;
  const open: EventClient[] = [];
  const stream = async (cookie: string | undefined, lastEventId?: string, url = server.url) => {
    const client = await openEvents(url, cookie, lastEventId);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await server?.close();
  });

  it('answers 401 without a session and streams, uncompressed and uncached, with one', async () => {
    expect((await server.request('GET', '/api/events')).status).toBe(401);
    const user = await createUser(server);
    const client = await stream(await signIn(server, user));
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(client.headers.get('content-encoding')).toBeNull();
    expect(client.headers.get('cache-control')).toBe('no-cache, no-transform');
  });

  it("sends a user's task and balance changes, and never another user's", async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const aliceStream = await stream(await signIn(server, alice));
    const bobStream = await stream(await signIn(server, bob));
    const bobTask = await insertTask(server, bob.id);
    await completeTask(server, bobTask);
    const aliceTask = await insertTask(server, alice.id);
    await completeTask(server, aliceTask);
    await addCredits(server, alice.id, 7);

    const done = JSON.parse((await aliceStream.next(taskEvent(aliceTask, 'completed'))).data);
    expect(done).toMatchObject({
      id: aliceTask,
      status: 'completed',
      resultUrls: ['https://files.example.com/r.png'],
      thumbnailUrl: 'https://files.example.com/t.webp',
      revision: 2,
    });
    expect(done.completedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.parse((await aliceStream.next((e) => e.event === 'balance')).data)).toEqual({ credits: 7 });
    await bobStream.next(taskEvent(bobTask, 'completed'));
    // Bob's change was committed before Alice's: had it been sent to her, it would have arrived first.
    expect(aliceStream.events.some((e) => e.data.includes(bobTask))).toBe(false);
    expect(bobStream.events.some((e) => e.data.includes(aliceTask) || e.event === 'balance')).toBe(false);
  });

  it('sends a task far bigger than a notification whole (the notification only names it)', async () => {
    const user = await createUser(server);
    const client = await stream(await signIn(server, user));
    const task = await insertTask(server, user.id);
    const urls = Array.from({ length: 4 }, (_, i) => `https://files.example.com/${String(i).repeat(2000)}.png`);
    await server.orm.em
      .fork()
      .execute(
        `update "image_tasks" set "status" = 'completed', "result_urls" = array[?, ?, ?, ?]::text[], "revision" = "revision" + 1 where "id" = ?`,
        [...urls, task],
      );
    const event = await client.next(taskEvent(task, 'completed'));
    expect(JSON.parse(event.data).resultUrls).toEqual(urls);
  });

  it('sends each task event exactly as the contract defines it, with the fields the task list shows', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const client = await stream(cookie);
    const done = await insertTask(server, user.id);
    const failed = await insertTask(server, user.id);
    const tasks = new ImageTaskRepository(server.orm.em.fork());
    await tasks.markGenerating(done, { provider: 'sandbox', providerTaskId: 'sandbox-1', kieApiId: null });
    await tasks.markCompletedIfInFlight(done, ['https://files.example.com/r.png'], 'https://files.example.com/t.webp');
    await tasks.setHdImage(done, user.id, 'https://files.example.com/hd.png');
    await failTask(server.orm.em.fork(), failed, 'The provider said no.');
    await client.next((e) => taskEvent(done)(e) && JSON.parse(e.data).hdImageUrl !== null);
    await client.next((e) => taskEvent(failed)(e) && JSON.parse(e.data).refunded === true);

    // The test client checks every event against the contract (no field missing, none extra); `next` failed otherwise.
    expect(client.invalid).toEqual([]);
    const sent = client.events.filter((e) => e.event === 'task').map((e) => LiveTaskEvent.parse(JSON.parse(e.data)));
    const of = (id: string) => sent.filter((event) => event.id === id);
    // One event per change (insert, generating, completed, HD; insert, failed, refunded), each the task as it is when
    // read, so revisions never go back.
    expect([of(done).length, of(failed).length]).toEqual([4, 3]);
    expect(of(done).at(-1)).toMatchObject({ status: 'completed', hdImageUrl: 'https://files.example.com/hd.png', revision: 4 });
    expect(of(failed).at(-1)).toMatchObject({ status: 'failed', errorMessage: 'The provider said no.', refunded: true, revision: 3 });
    for (const id of [done, failed]) {
      const revisions = of(id).map((event) => event.revision);
      expect(revisions).toEqual(revisions.toSorted((a, b) => a - b));
    }
    // The last event of each task is what the list presents of it (one mapper for both).
    const listed = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=10&days=1', { cookie });
    for (const task of listed.body.tasks) {
      const { revision, ...fields } = of(task.id).at(-1) ?? { revision: 0 };
      expect(revision).toBeGreaterThan(1);
      expect(fields).toEqual(Object.fromEntries(Object.keys(fields).map((key) => [key, task[key as keyof typeof task]])));
    }
    expect(listed.body.tasks.map((task) => task.id).sort()).toEqual([done, failed].sort());
  });

  it('announces nothing for job bookkeeping that leaves the revision alone', async () => {
    const user = await createUser(server);
    const client = await stream(await signIn(server, user));
    const task = await insertTask(server, user.id);
    await client.next(taskEvent(task, 'pending'));
    await new ImageTaskRepository(server.orm.em.fork()).setAttemptsIfInFlight(task, 3);
    // Events go out in the order their changes committed: once the balance's is here, a task event would have been too.
    await addCredits(server, user.id, 1);
    await client.next((e) => e.event === 'balance');
    expect(client.events.filter((e) => e.event === 'task')).toHaveLength(1);
  });

  it('reads the rows of many changes heard together in a few queries', async () => {
    const user = await createUser(server);
    const client = await stream(await signIn(server, user));
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await insertTask(server, user.id));
    for (const id of ids) await client.next(taskEvent(id, 'pending'));
    const reads = vi.spyOn(ImageTaskRepository.prototype, 'findRows');
    try {
      // One statement, one commit: thirty notifications arrive together.
      await server.orm.em
        .fork()
        .execute(`update "image_tasks" set "status" = 'generating', "revision" = "revision" + 1 where "user_id" = ?`, [user.id]);
      for (const id of ids) await client.next(taskEvent(id, 'generating'));
      expect(reads.mock.calls.flatMap(([batch]) => batch).toSorted()).toEqual(ids.toSorted());
      expect(reads.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      reads.mockRestore();
    }
  });

  it('tells task change listeners of every change committed, whoever owns the task, streams or not', async () => {
    const heard: TaskChange[] = [];
    const off = server.app.context.services.live.onTaskChanged((change) => heard.push(change));
    try {
      const user = await createUser(server);
      const id = await insertTask(server, user.id);
      await completeTask(server, id);
      await server.heard();
      const mine = heard.filter((change) => change.id === id);
      expect(mine.map((change) => change.revision)).toEqual([1, 2]);
      expect(mine[0]).toEqual({ id, taskId: expect.stringMatching(/^tsk_/), userId: user.id, revision: 1 });
    } finally {
      off();
    }
  });

  it('resumes after a dropped connection with Last-Event-ID, missing nothing', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const first = await stream(cookie);
    const task = await insertTask(server, user.id);
    const seen = await first.next(taskEvent(task, 'pending'));
    first.close();
    await completeTask(server, task);
    await addCredits(server, user.id, 3);

    const resumed = await stream(cookie, seen.id);
    await resumed.next(taskEvent(task, 'completed'));
    await resumed.next((e) => e.event === 'balance');
    expect(resumed.events.some((e) => e.id === seen.id)).toBe(false);
    expect(resumed.events.every((e) => e.event !== 'reset')).toBe(true);
  });

  it("tells a client to refetch (reset) when the id it resumes from is unknown or someone else's", async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const otherStream = await stream(await signIn(server, other));
    await insertTask(server, other.id);
    const foreign = await otherStream.next((e) => e.event === 'task');
    const client = await stream(await signIn(server, user), foreign.id);
    await client.next((e) => e.event === 'reset');
    expect(client.events.filter((e) => e.event === 'task')).toEqual([]);
  });

  it('closes the stream on sign-out, and a signed-out browser gets no new one', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const client = await stream(cookie);
    const origin = { origin: server.url, 'content-type': 'application/json' };
    expect((await server.request('POST', '/api/auth/logout', { cookie, headers: origin })).status).toBe(204);
    await client.ended;
    expect((await openEvents(server.url, cookie)).status).toBe(401);
  });

  it('closes every stream of a user whose sessions end (password change, disabled account)', async () => {
    const user = await createUser(server);
    const clients = [await stream(await signIn(server, user)), await stream(await signIn(server, user))];
    const bystander = await createUser(server);
    const kept = await stream(await signIn(server, bystander));
    await destroyUserSessions(server.orm.em.fork(), user.id);
    await Promise.all(clients.map((client) => client.ended));
    await insertTask(server, bystander.id);
    await kept.next((e) => e.event === 'task');
  });

  it('is delivered by a second process on the same database that did not make the change', async () => {
    const second = await startWebProcessBeside(server);
    try {
      const user = await createUser(server);
      const client = await stream(await signIn(server, user), undefined, second?.url ?? server.url);
      const task = await insertTask(server, user.id);
      await completeTask(server, task);
      await client.next(taskEvent(task, 'completed'));
      if (second) expect(second.live.size).toBe(1);
      client.close();
    } finally {
      await second?.close();
    }
  });
});

describe('LiveHub heartbeats', () => {
  it('writes a comment line on every beat and keeps the session seen', async () => {
    const server = await startTestServer();
    const hub = await LiveHub.open(server.orm, { logger: pino({ level: 'silent' }), heartbeatMs: 30 });
    try {
      const user = await createUser(server);
      const sid = (await signIn(server, user)).split('=')[1] ?? '';
      const sessionHash = hashSessionId(sid);
      const old = new Date(Date.now() - 3_600_000);
      await server.orm.em.fork().nativeUpdate(Session, { idHash: sessionHash }, { lastSeenAt: old });
      const out = await hub.open({ userId: user.id, sessionHash, expiresAt: new Date(Date.now() + 60_000) });
      let text = '';
      out.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      await expect.poll(() => text.split(': ping').length - 1, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      await expect
        .poll(async () => (await server.orm.em.fork().findOneOrFail(Session, { idHash: sessionHash })).lastSeenAt.getTime(), {
          timeout: 5000,
        })
        .toBeGreaterThan(old.getTime());
    } finally {
      await hub.close();
      await server.close();
    }
  });
});

describe('GET /api/events on the embedded database', () => {
  it('works in one process', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'live-pglite-'));
    const defaults = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', DATA_DIR: folder });
    const config = { ...defaults, studio: { ...defaults.studio, filesDir: join(folder, 'files') } };
    const running = await startServer({ config, database: { kind: 'pglite-memory' }, seed: false });
    try {
      const user = await createUser(running);
      const client = await openEvents(running.url, await signIn({ orm: running.orm, config }, user));
      const task = await insertTask(running, user.id);
      await completeTask(running, task);
      await client.next(taskEvent(task, 'completed'));
      await addCredits(running, user.id, 5);
      await client.next((e) => e.event === 'balance');
      client.close();
    } finally {
      await running.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
