import { type ImageTaskList, ImageTaskListQuery, LIMITS, type Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { insertTask, userWithCredits } from '../testing/kit.ts';
import { pageSignature } from './etag.ts';
import type { ImageTask } from './image-task.entity.ts';
import { ImageTaskRepository, windowStart } from './image-task.repository.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('GET /api/image-tasks: search, filters and cursor', () => {
  let server: TestServer;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  const now = Date.now();

  const task = (userId: string, prompt: string, ageMs: number, more: Partial<ImageTask> = {}) =>
    insertTask(server.orm, userId, { prompt, createdAt: new Date(now - ageMs), ...more });

  beforeAll(async () => {
    // A web process (no job workers): the inserted tasks stay exactly as the test leaves them.
    server = await startTestServer({ config: { role: 'web' } });
    const a = await userWithCredits(server.orm, 0);
    const b = await userWithCredits(server.orm, 0);
    alice = { id: a.id, cookie: await signIn(server, a) };
    bob = { id: b.id, cookie: await signIn(server, b) };
    await task(alice.id, 'A Banana astronaut on the Moon', 1 * HOUR);
    await task(alice.id, 'banana bread, studio light', 2 * HOUR, {
      generationType: 'edit_image',
      model: 'nano_banana_edit',
      createdVia: 'api',
    });
    await task(alice.id, 'Upscale x4', 3 * HOUR, { generationType: 'upscale', model: 'nano_banana_upscale', createdVia: 'n8n' });
    await task(alice.id, 'a red fox, 100% cute_face', 4 * HOUR, { status: 'failed', resultUrls: [], isFavourite: true });
    await task(alice.id, 'Phố cổ Hội An về đêm', 5 * HOUR);
    await task(alice.id, 'old banana boat', 40 * DAY);
    await task(alice.id, 'ancient banana temple', 400 * DAY, { createdVia: 'api' });
    await task(bob.id, 'bob banana astronaut', 1 * HOUR);
  });
  afterAll(() => server?.close());

  const list = (cookie: string, query: string, headers: Record<string, string> = {}) =>
    server.request<ImageTaskList>('GET', `/api/image-tasks?${query}`, { cookie, headers });
  const prompts = async (query: string, cookie = alice.cookie) => {
    const res = await list(cookie, query);
    expect(res.status).toBe(200);
    return res.body.tasks.map((t) => t.prompt);
  };

  it('finds every word anywhere in the prompt, ignoring case, within the recent window by default', async () => {
    expect(await prompts('q=BANANA')).toEqual(['A Banana astronaut on the Moon', 'banana bread, studio light']);
    expect(await prompts('q=astro%20banana')).toEqual(['A Banana astronaut on the Moon']);
    expect(await prompts('q=nothing-like-this')).toEqual([]);
    expect((await list(alice.cookie, 'q=banana')).body.total).toBe(2);
  });

  it('matches the beginnings of words, in any language', async () => {
    expect(await prompts('q=astro')).toEqual(['A Banana astronaut on the Moon']);
    expect(await prompts('q=naut')).toEqual([]);
    expect(await prompts('q=h%E1%BB%99i')).toEqual(['Phố cổ Hội An về đêm']);
    expect(await prompts('q=PH%E1%BB%90%20h%E1%BB%99')).toEqual(['Phố cổ Hội An về đêm']);
  });

  it('treats % and _ as themselves, not as patterns', async () => {
    expect(await prompts('q=100%25')).toEqual(['a red fox, 100% cute_face']);
    expect(await prompts('q=e_f')).toEqual(['a red fox, 100% cute_face']);
    expect(await prompts('q=%25%25')).toEqual([]);
  });

  it('searches the whole history with scope=all', async () => {
    expect(await prompts('q=banana&scope=all')).toEqual([
      'A Banana astronaut on the Moon',
      'banana bread, studio light',
      'old banana boat',
      'ancient banana temple',
    ]);
  });

  it('filters by kind, status, origin, favourites and days', async () => {
    expect(await prompts('type=edit_image')).toEqual(['banana bread, studio light']);
    expect(await prompts('type=upscale')).toEqual(['Upscale x4']);
    expect(await prompts('status=failed')).toEqual(['a red fox, 100% cute_face']);
    expect(await prompts('via=n8n')).toEqual(['Upscale x4']);
    expect(await prompts('via=api&scope=all')).toEqual(['banana bread, studio light', 'ancient banana temple']);
    expect(await prompts('favourite=true')).toEqual(['a red fox, 100% cute_face']);
    expect(await prompts('q=banana&type=text_to_image&scope=all&via=web')).toEqual(['A Banana astronaut on the Moon', 'old banana boat']);
  });

  it('filters by a date range, both ends included', async () => {
    const oldDay = day(now - 40 * DAY);
    expect(await prompts(`scope=all&from=${oldDay}&to=${oldDay}`)).toEqual(['old banana boat']);
    expect(await prompts(`scope=all&to=${oldDay}`)).toEqual(['old banana boat', 'ancient banana temple']);
    expect(await prompts(`scope=all&from=${day(now - 41 * DAY)}&q=banana`)).toEqual([
      'A Banana astronaut on the Moon',
      'banana bread, studio light',
      'old banana boat',
    ]);
  });

  it("never returns another user's tasks, whatever the search", async () => {
    expect(await prompts('q=bob&scope=all')).toEqual([]);
    expect(await prompts('q=banana&scope=all', bob.cookie)).toEqual(['bob banana astronaut']);
  });

  it('keeps a prompt holding a word too long to index, and finds its other words', async () => {
    // 2,040 bytes: short enough for the words themselves, too long once keyed by the owner (tsvector words stop at 2,047).
    const carol = await userWithCredits(server.orm, 0);
    const cookie = await signIn(server, carol);
    await task(carol.id, `zebra ${'x'.repeat(2040)} crossing`, HOUR);
    expect(await prompts('q=zebra%20cross', cookie)).toHaveLength(1);
    expect(await prompts('q=xxx', cookie)).toEqual([]);
  });

  it('refuses a bad cursor, a bad filter and an unknown parameter with problem+json pointers', async () => {
    for (const [query, pointer] of [
      ['cursor=not-a-cursor', '/query/cursor'],
      [`cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`, '/query/cursor'],
      ['type=video', '/query/type'],
      ['from=2026-13-01', '/query/from'],
      ['board=1', '/query/board'],
    ] as const) {
      const res = await server.request<Problem>('GET', `/api/image-tasks?${query}`, { cookie: alice.cookie });
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors?.map((e) => e.pointer)).toEqual([pointer]);
    }
    // The cheap If-None-Match path checks the cursor too.
    const res = await list(alice.cookie, 'cursor=zzz', { 'if-none-match': '"x"' });
    expect(res.status).toBe(400);
  });

  it('never shares a cached answer or an ETag between two searches', async () => {
    const banana = await list(alice.cookie, 'q=banana');
    const fox = await list(alice.cookie, 'q=fox');
    expect(fox.body.tasks.map((t) => t.prompt)).toEqual(['a red fox, 100% cute_face']);
    expect(fox.headers.get('etag')).not.toBe(banana.headers.get('etag'));
    // Asked again (answered from memory now), each keeps its own answer; one's tag never validates the other.
    expect((await list(alice.cookie, 'q=banana')).body).toEqual(banana.body);
    expect((await list(alice.cookie, 'q=fox')).body).toEqual(fox.body);
    expect((await list(alice.cookie, 'q=fox', { 'if-none-match': banana.headers.get('etag') ?? '' })).status).toBe(200);
    expect((await list(alice.cookie, 'q=banana', { 'if-none-match': banana.headers.get('etag') ?? '' })).status).toBe(304);
    for (const other of ['q=banana&type=edit_image', 'q=banana&scope=all', 'q=banana&via=api', 'q=banana&status=failed']) {
      expect((await list(alice.cookie, other, { 'if-none-match': banana.headers.get('etag') ?? '' })).status, other).toBe(200);
    }
  });
});

describe('GET /api/image-tasks: cursor paging while tasks arrive', () => {
  let server: TestServer;
  let carol: { id: string; cookie: string };

  beforeAll(async () => {
    server = await startTestServer({ config: { role: 'web' } });
    const c = await userWithCredits(server.orm, 0);
    carol = { id: c.id, cookie: await signIn(server, c) };
    const now = Date.now();
    // 23 tasks, some created at the same instant (the id breaks the tie), over a year.
    for (let i = 0; i < 23; i++)
      await insertTask(server.orm, carol.id, { prompt: `cat ${i}`, createdAt: new Date(now - Math.floor(i / 3) * 20 * 24 * HOUR - HOUR) });
  });
  afterAll(() => server?.close());

  it('walks every page once, with no duplicate and no gap, while new tasks arrive', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `scope=all&limit=5&q=cat${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await server.request<ImageTaskList>('GET', `/api/image-tasks?${query}`, { cookie: carol.cookie });
      expect(res.status).toBe(200);
      seen.push(...res.body.tasks.map((t) => t.prompt));
      cursor = res.body.nextCursor;
      pages++;
      // Newer tasks arrive between pages: they sort before the cursor, so they never shift the pages after it.
      await insertTask(server.orm, carol.id, { prompt: `cat new ${pages}`, createdAt: new Date() });
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(Array.from({ length: 23 }, (_, i) => `cat ${i}`).sort());
  });

  it('stops counting a search at the cap, and says so', async () => {
    const user = await userWithCredits(server.orm, 0);
    const cookie = await signIn(server, user);
    await server.orm.em.fork().execute(
      `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "aspect_ratio", "status", "credits_used", "created_at", "updated_at", "deadline_at")
       select gen_random_uuid(), ?, 'tsk_cap_' || n, 'owl ' || n, 'nano_banana', '1:1', 'completed', 2, now() - n * interval '1 minute', now(), now()
         from generate_series(1, ?) as n`,
      [user.id, LIMITS.searchCountCap + 1],
    );
    const capped = await server.request<ImageTaskList>('GET', '/api/image-tasks?q=owl', { cookie });
    expect(capped.body).toMatchObject({ total: LIMITS.searchCountCap, totalCapped: true });
    const exact = await server.request<ImageTaskList>('GET', '/api/image-tasks?q=owl%2020', { cookie });
    expect(exact.body).toMatchObject({ total: 3, totalCapped: false }); // 20, 200 and 201
    // The plain list (the spec's) always counts exactly.
    expect((await server.request<ImageTaskList>('GET', '/api/image-tasks', { cookie })).body).toMatchObject({
      total: LIMITS.searchCountCap + 1,
      totalCapped: false,
    });
    // Its cheap 304 path tags the same answer.
    const again = await server.request('GET', '/api/image-tasks?q=owl', {
      cookie,
      headers: { 'if-none-match': capped.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('counts a rare word exactly past the newest few thousand tasks, and a common one up to the cap', async () => {
    // A page first reads the newest 2,000 tasks and the count the newest 8,000; a search rarer than either can settle
    // is answered by the indexes. One task in 100 says moth, one in 50 lark, the others heron.
    const user = await userWithCredits(server.orm, 0);
    const cookie = await signIn(server, user);
    await server.orm.em.fork().execute(
      `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "aspect_ratio", "status", "credits_used", "created_at", "updated_at", "deadline_at")
       select gen_random_uuid(), ?, 'tsk_walk_' || n,
              case when n % 100 = 0 then 'moth lark ' || n when n % 50 = 0 then 'lark ' || n else 'heron ' || n end,
              'nano_banana', '1:1', 'completed', 2, now() - n * interval '1 second', now(), now()
         from generate_series(1, 8500) as n`,
      [user.id],
    );
    const rare = await server.request<ImageTaskList>('GET', '/api/image-tasks?q=moth&limit=20', { cookie });
    expect(rare.body).toMatchObject({ total: 85, totalCapped: false });
    expect(rare.body.tasks.map((t) => t.prompt).slice(0, 2)).toEqual(['moth lark 100', 'moth lark 200']);
    // 400 and 4000 to 4900: one in the page's walk, ten past it.
    const rarer = await server.request<ImageTaskList>('GET', '/api/image-tasks?q=moth%204&limit=2', { cookie });
    expect(rarer.body).toMatchObject({ total: 11, totalCapped: false });
    expect(rarer.body.tasks.map((t) => t.prompt)).toEqual(['moth lark 400', 'moth lark 4000']);
    // The page is found in the walk, the count (170) goes past it.
    const uncommon = await server.request<ImageTaskList>('GET', '/api/image-tasks?q=lark&limit=20', { cookie });
    expect(uncommon.body).toMatchObject({ total: 170, totalCapped: false });
    expect(uncommon.body.tasks.at(-1)?.prompt).toBe('moth lark 1000');
    const common = await server.request<ImageTaskList>('GET', '/api/image-tasks?q=heron', { cookie });
    expect(common.body).toMatchObject({ total: LIMITS.searchCountCap, totalCapped: true });
    // A numbered page past the walk.
    const third = await server.request<ImageTaskList>('GET', '/api/image-tasks?q=moth&limit=20&page=3', { cookie });
    expect(third.body.tasks.map((t) => t.prompt).slice(0, 1)).toEqual(['moth lark 4100']);
    // Following the cursors reads every match once, newest first.
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { body: ImageTaskList } = await server.request<ImageTaskList>(
        'GET',
        `/api/image-tasks?q=moth&limit=20${cursor ? `&cursor=${cursor}` : ''}`,
        { cookie },
      );
      seen.push(...page.body.tasks.map((t) => t.prompt));
      cursor = page.body.nextCursor;
    }
    expect(seen).toEqual(Array.from({ length: 85 }, (_, i) => `moth lark ${(i + 1) * 100}`));
    // The version behind a 304 finds the same page and count, whichever way it reads them.
    const tasks = new ImageTaskRepository(server.orm.em.fork());
    const cursorQuery = `q=moth&limit=20&cursor=${rare.body.nextCursor}`;
    for (const search of ['q=moth&limit=20', 'q=moth%204&limit=2', 'q=lark&limit=20', 'q=heron', 'q=moth&limit=20&page=3', cursorQuery]) {
      const query = ImageTaskListQuery.parse(Object.fromEntries(new URLSearchParams(search)));
      const since = windowStart(query.days);
      const page = await tasks.listPage(user.id, query, since);
      expect(await tasks.pageVersion(user.id, query, since)).toMatchObject({ total: page.counted, signature: pageSignature(page.tasks) });
    }
    for (const answer of [rare, uncommon]) {
      const again = await server.request('GET', `/api/image-tasks?q=${answer === rare ? 'moth' : 'lark'}&limit=20`, {
        cookie,
        headers: { 'if-none-match': answer.headers.get('etag') ?? '' },
      });
      expect(again.status).toBe(304);
    }
  });

  it('hands out a cursor on a numbered page too, and none on the last one', async () => {
    const first = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=1&limit=2&days=90', { cookie: carol.cookie });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const next = await server.request<ImageTaskList>('GET', `/api/image-tasks?limit=2&days=90&cursor=${first.body.nextCursor}`, {
      cookie: carol.cookie,
    });
    const page2 = await server.request<ImageTaskList>('GET', '/api/image-tasks?page=2&limit=2&days=90', { cookie: carol.cookie });
    expect(next.body.tasks).toEqual(page2.body.tasks);
    const all = await server.request<ImageTaskList>('GET', '/api/image-tasks?scope=all&limit=50', { cookie: carol.cookie });
    expect(all.body.nextCursor).toBeNull();
  });
});
