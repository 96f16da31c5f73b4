// Boards: create, rename, delete, add and remove images, the task list's `board` filter, and who may see what.
import type { Board, BoardList, ImageTaskList, Problem, TaskBoards } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { queryKey } from '../../../http/query-key.ts';
import type { ImageTask } from '../tasks/image-task.entity.ts';
import { insertTask, userWithCredits } from '../testing/kit.ts';

describe('boards', () => {
  let server: TestServer;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  let tasks: ImageTask[] = [];
  let bobTask: ImageTask;

  beforeAll(async () => {
    server = await startTestServer({ config: { role: 'web' } });
    const a = await userWithCredits(server.orm, 0);
    const b = await userWithCredits(server.orm, 0);
    alice = { id: a.id, cookie: await signIn(server, a) };
    bob = { id: b.id, cookie: await signIn(server, b) };
    const now = Date.now();
    tasks = [];
    for (let i = 0; i < 4; i++)
      tasks.push(
        await insertTask(server.orm, alice.id, {
          prompt: `alice ${i}`,
          thumbnailUrl: `http://studio.test/files/thumbs/${i}.webp`,
          createdAt: new Date(now - i * 60_000),
        }),
      );
    bobTask = await insertTask(server.orm, bob.id, { prompt: 'bob 0' });
  });
  afterAll(() => server?.close());

  const create = (cookie: string, name: unknown, headers: Record<string, string> = {}) =>
    server.request<Board>('POST', '/api/boards', { cookie, body: { name }, headers });
  const boardsOf = async (cookie: string) => (await server.request<BoardList>('GET', '/api/boards', { cookie })).body.boards;
  const add = (cookie: string, boardId: string, taskIds: string[]) =>
    server.request<Board>('POST', `/api/boards/${boardId}/images`, { cookie, body: { taskIds } });
  const remove = (cookie: string, boardId: string, taskIds: string[]) =>
    server.request<Board>('POST', `/api/boards/${boardId}/images/remove`, { cookie, body: { taskIds } });
  const list = (cookie: string, query: string, headers: Record<string, string> = {}) =>
    server.request<ImageTaskList>('GET', `/api/image-tasks?${query}`, { cookie, headers });
  const taskId = (index: number) => (tasks[index] as ImageTask).taskId;

  it('creates a board with a trimmed name, and refuses the same name in any case with a pointer', async () => {
    const created = await create(alice.cookie, '  Astronauts  ');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Astronauts', imageCount: 0, coverUrl: null });
    const taken = await create(alice.cookie, 'ASTRONAUTS');
    expect(taken.status).toBe(409);
    expect((taken.body as unknown as Problem).code).toBe('board_name_taken');
    expect((taken.body as unknown as Problem).errors).toEqual([
      { pointer: '/body/name', detail: 'You already have a board with this name.' },
    ]);
    // Another user may use the name.
    expect((await create(bob.cookie, 'astronauts')).status).toBe(201);
    expect((await boardsOf(alice.cookie)).map((board) => board.name)).toEqual(['Astronauts']);
  });

  it('refuses an empty, blank or too long name and an unknown field, and creates nothing', async () => {
    const before = await boardsOf(alice.cookie);
    for (const [name, detail] of [
      ['', 'Name is required'],
      ['   ', 'Name is required'],
      ['x'.repeat(61), 'Name must be at most 60 characters'],
    ] as const) {
      const res = await create(alice.cookie, name);
      expect(res.status).toBe(400);
      expect((res.body as unknown as Problem).errors).toEqual([{ pointer: '/body/name', detail }]);
    }
    expect((await create(alice.cookie, 'x'.repeat(60))).status).toBe(201);
    const extra = await server.request<Problem>('POST', '/api/boards', { cookie: alice.cookie, body: { name: 'ok', colour: 'red' } });
    expect(extra.status).toBe(400);
    expect(extra.body.errors?.[0]?.pointer).toBe('/body/colour');
    expect((await boardsOf(alice.cookie)).length).toBe(before.length + 1);
  });

  it('replays a create with the same Idempotency-Key instead of making a second board', async () => {
    const headers = { 'idempotency-key': 'board-create-1' };
    const first = await create(alice.cookie, 'Keyed', headers);
    const again = await create(alice.cookie, 'Keyed', headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await boardsOf(alice.cookie)).filter((board) => board.name === 'Keyed')).toHaveLength(1);
  });

  it('adds many images at once, idempotently, with a count and a cover, and an image on several boards', async () => {
    const board = (await create(alice.cookie, 'Favourites of the week')).body;
    const other = (await create(alice.cookie, 'Other')).body;
    const added = await add(alice.cookie, board.id, [taskId(2), taskId(1)]);
    expect(added.status).toBe(200);
    expect(added.body.imageCount).toBe(2);
    expect(added.body.coverUrl).toMatch(/thumbs\/[12]\.webp$/);
    // Again, with a repeat inside: no error, no duplicate.
    const again = await add(alice.cookie, board.id, [taskId(1), taskId(1), taskId(2)]);
    expect(again.status).toBe(200);
    expect(again.body.imageCount).toBe(2);
    expect((await add(alice.cookie, other.id, [taskId(1)])).body.imageCount).toBe(1);
    const boards = await server.request<TaskBoards>('GET', `/api/image-tasks/${taskId(1)}/boards`, { cookie: alice.cookie });
    expect(boards.body.boardIds.sort()).toEqual([board.id, other.id].sort());
    expect((await server.request<TaskBoards>('GET', `/api/image-tasks/${taskId(0)}/boards`, { cookie: alice.cookie })).body).toEqual({
      boardIds: [],
    });
    const listed = (await boardsOf(alice.cookie)).find((b) => b.id === board.id);
    expect(listed).toMatchObject({ imageCount: 2, name: 'Favourites of the week' });
  });

  it('filters the task list by board, with its own tag, and follows adds and removes at once', async () => {
    const board = (await create(alice.cookie, 'Filter')).body;
    const all = await list(alice.cookie, 'days=7');
    const empty = await list(alice.cookie, `days=7&board=${board.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ tasks: [], total: 0, totalCapped: false, nextCursor: null });
    const etag = empty.headers.get('etag') ?? '';
    expect(etag).not.toBe(all.headers.get('etag'));

    await add(alice.cookie, board.id, [taskId(3), taskId(0)]);
    const filled = await list(alice.cookie, `days=7&board=${board.id}`, { 'if-none-match': etag });
    expect(filled.status).toBe(200);
    expect(filled.body.tasks.map((t) => t.prompt)).toEqual(['alice 0', 'alice 3']);
    // With the favourite filter too.
    await server.request('PUT', `/api/image-tasks/${taskId(3)}/favourite`, { cookie: alice.cookie });
    expect((await list(alice.cookie, `days=7&board=${board.id}&favourite=true`)).body.tasks.map((t) => t.prompt)).toEqual(['alice 3']);

    const removed = await remove(alice.cookie, board.id, [taskId(0), taskId(1)]);
    expect(removed.status).toBe(200);
    expect(removed.body.imageCount).toBe(1);
    expect((await list(alice.cookie, `days=7&board=${board.id}`)).body.tasks.map((t) => t.prompt)).toEqual(['alice 3']);
    // Removing is only from the board: the image is still in the list.
    expect((await list(alice.cookie, 'days=7')).body.total).toBe(all.body.total);
  });

  it('renames a board, with the same name rules', async () => {
    const board = (await create(alice.cookie, 'Draft')).body;
    await create(alice.cookie, 'Final');
    const renamed = await server.request<Board>('PATCH', `/api/boards/${board.id}`, { cookie: alice.cookie, body: { name: ' Drafts ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Drafts');
    // Its own name in another case is fine; another board's is not.
    expect(
      (await server.request<Board>('PATCH', `/api/boards/${board.id}`, { cookie: alice.cookie, body: { name: 'DRAFTS' } })).status,
    ).toBe(200);
    const taken = await server.request<Problem>('PATCH', `/api/boards/${board.id}`, { cookie: alice.cookie, body: { name: 'final' } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.[0]?.pointer).toBe('/body/name');
    expect((await server.request<Board>('GET', `/api/boards/${board.id}`, { cookie: alice.cookie })).body.name).toBe('DRAFTS');
  });

  it('deletes a board and keeps its images (in the list and on other boards)', async () => {
    const board = (await create(alice.cookie, 'Doomed')).body;
    const keeper = (await create(alice.cookie, 'Keeper')).body;
    await add(alice.cookie, board.id, [taskId(0), taskId(2)]);
    await add(alice.cookie, keeper.id, [taskId(2)]);
    const before = (await list(alice.cookie, 'days=7')).body.total;
    const deleted = await server.request('DELETE', `/api/boards/${board.id}`, { cookie: alice.cookie });
    expect(deleted.status).toBe(204);
    expect((await list(alice.cookie, 'days=7')).body.total).toBe(before);
    expect((await list(alice.cookie, `days=7&board=${keeper.id}`)).body.tasks.map((t) => t.taskId)).toEqual([taskId(2)]);
    expect((await server.request('GET', `/api/boards/${board.id}`, { cookie: alice.cookie })).status).toBe(404);
    expect((await list(alice.cookie, `days=7&board=${board.id}`)).status).toBe(404);
    expect((await server.request('DELETE', `/api/boards/${board.id}`, { cookie: alice.cookie })).status).toBe(404);
    expect((await boardsOf(alice.cookie)).some((b) => b.id === board.id)).toBe(false);
  });

  it("answers 404 for another user's board or task, and changes nothing", async () => {
    const mine = (await create(alice.cookie, 'Private')).body;
    await add(alice.cookie, mine.id, [taskId(0)]);
    const bobs = (await create(bob.cookie, 'Bob board')).body;
    const notFound = async (res: Promise<{ status: number; body: unknown }>) => {
      const answer = await res;
      expect(answer.status).toBe(404);
      expect((answer.body as Problem).code).toBe('not_found');
      return answer.body as Problem;
    };
    await notFound(server.request('GET', `/api/boards/${mine.id}`, { cookie: bob.cookie }));
    await notFound(server.request('PATCH', `/api/boards/${mine.id}`, { cookie: bob.cookie, body: { name: 'Mine now' } }));
    await notFound(server.request('DELETE', `/api/boards/${mine.id}`, { cookie: bob.cookie }));
    await notFound(add(bob.cookie, mine.id, [bobTask.taskId]));
    await notFound(remove(bob.cookie, mine.id, [taskId(0)]));
    await notFound(list(bob.cookie, `board=${mine.id}`));
    await notFound(server.request('GET', `/api/image-tasks/${taskId(0)}/boards`, { cookie: bob.cookie }));
    // Alice cannot put Bob's task on her board: a pointer names it, and the other id is not added either.
    const problem = await notFound(add(alice.cookie, mine.id, [taskId(1), bobTask.taskId]));
    expect(problem.errors).toEqual([{ pointer: '/body/taskIds/1', detail: 'No task of yours has this id.' }]);
    const now = (await server.request<Board>('GET', `/api/boards/${mine.id}`, { cookie: alice.cookie })).body;
    expect(now).toMatchObject({ name: 'Private', imageCount: 1 });
    expect((await boardsOf(bob.cookie)).map((b) => b.id)).toContain(bobs.id);
  });

  it('refuses bad ids and sizes with pointers, and a signed-out caller', async () => {
    const board = (await create(alice.cookie, 'Sizes')).body;
    const none = await server.request<Problem>('POST', `/api/boards/${board.id}/images`, { cookie: alice.cookie, body: { taskIds: [] } });
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]).toEqual({ pointer: '/body/taskIds', detail: 'At least one task id is required' });
    const many = await add(
      alice.cookie,
      board.id,
      Array.from({ length: 101 }, () => taskId(0)),
    );
    expect(many.status).toBe(400);
    expect((many.body as unknown as Problem).errors?.[0]?.detail).toBe('At most 100 task ids at once');
    const badId = await server.request<Problem>('GET', '/api/boards/not-a-board', { cookie: alice.cookie });
    expect(badId.status).toBe(400);
    expect(badId.body.errors?.[0]?.pointer).toBe('/params/boardId');
    const badFilter = await list(alice.cookie, 'board=nope');
    expect(badFilter.status).toBe(400);
    expect((badFilter.body as unknown as Problem).errors?.[0]).toEqual({ pointer: '/query/board', detail: 'Must be a board id' });
    expect((await server.request('GET', '/api/boards')).status).toBe(401);
    expect((await server.request('POST', '/api/boards', { body: { name: 'x' } })).status).toBe(401);
    expect((await server.request<Board>('GET', `/api/boards/${board.id}`, { cookie: alice.cookie })).body.imageCount).toBe(0);
  });

  it('puts the board in the cache key', () => {
    const base = { page: 1, limit: 20, days: 14, favourite: false, scope: 'recent' };
    const board = '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10';
    expect(queryKey({ ...base, board })).not.toBe(queryKey(base));
    expect(queryKey({ ...base, board })).not.toBe(queryKey({ ...base, board: board.replace('0b', '1b') }));
  });
});
