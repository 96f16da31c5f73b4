// Bench of the task list's search (issue "Find anything"): seeds many tasks in SQL (generate_series), one user holding
// a large share, then times typical searches at the repository (the database's work; the HTTP cache would answer a
// repeated query from memory and hide it). PostgreSQL when DATABASE_URL is set, else embedded PGlite.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench:search             # 1,000,000 tasks, 100,000 for one user
//   pnpm bench:search                                                                   # PGlite, 200,000 tasks (see below)
//   pnpm bench:search --total 1000000 --runs 50                                         # PGlite, the goal's shape: ~15 min to seed
import { parseArgs } from 'node:util';
import { createUser, startTestServer } from '@app/api/testing';
import { ImageTaskListQuery } from '@app/contract';
import { ImageTaskRepository } from '../../api/src/modules/studio/index.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    total: { type: 'string' },
    user: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '200' },
  },
});
const onPostgres = Boolean(process.env.DATABASE_URL);
// PGlite is single-threaded WASM: 1M rows and their word index took 14-16 minutes to seed on a loaded 2-core machine.
const total = Number(values.total ?? (onPostgres ? 1_000_000 : 200_000));
const perUser = Number(values.user);
const runs = Number(values.runs);
const others = Math.max(1, Math.ceil((total - perUser) / perUser));

// Words of the prompts: each prompt takes 5 of 40, so one word is in about one prompt in eight.
const WORDS = `astronaut banana castle dragon forest garden harbor island jungle kitten lantern meadow mountain nebula
  ocean palace portrait quartz river robot sailor sunset temple tiger unicorn valley village volcano waterfall wizard
  desert glacier canyon comet city neon rain snow storm studio`.split(/\s+/);

const server = await startTestServer({ config: { role: 'web' } });
const em = () => server.orm.em.fork();
const started = performance.now();
try {
  const owner = await createUser(server, { credits: 0 });
  // One at a time: password hashes queue, and under load a burst of them is refused (HashingBusyError).
  const rest: Awaited<ReturnType<typeof createUser>>[] = [];
  for (let i = 0; i < others; i++) rest.push(await createUser(server, { credits: 0 }));
  // Indexes are built once after the rows, as a restore would: much faster than maintaining them row by row.
  await em().execute(`drop index "image_tasks_prompt_words_idx"`);
  await em().execute(`drop index "image_tasks_user_created_id_idx"`);
  const seed = (userId: string, tag: string, count: number) =>
    em().execute(
      `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "generation_type", "aspect_ratio", "status",
         "result_urls", "credits_used", "created_via", "is_favourite", "created_at", "updated_at", "completed_at", "deadline_at")
       select gen_random_uuid(), ?, 'tsk_' || ? || '_' || n,
              w[1 + (n * 7) % 40] || ' ' || w[1 + (n * 13 + 3) % 40] || ' ' || w[1 + (n * 29 + 11) % 40] || ', ' ||
              w[1 + (n * 31 + 17) % 40] || ' and ' || w[1 + (n * 37 + 23) % 40] || ', detailed, soft light',
              (array['nano_banana', 'nano_banana_edit', 'nano_banana_upscale'])[1 + n % 3],
              (array['text_to_image', 'edit_image', 'upscale'])[1 + n % 3], '1:1',
              (array['completed', 'completed', 'completed', 'failed', 'generating'])[1 + n % 5],
              array['http://127.0.0.1/files/results/' || n || '.png'], 2, (array['web', 'web', 'api', 'n8n'])[1 + n % 4],
              n % 50 = 0, now() - n * interval '7 minutes', now(), now(), now()
         from generate_series(1, ?) as n, (select ?::text[] as w) as words`,
      [userId, tag, count, `{${WORDS.join(',')}}`],
    );
  await seed(owner.id, 'owner', perUser);
  let left = total - perUser;
  for (const [i, user] of rest.entries()) {
    const count = Math.min(perUser, left);
    if (count > 0) await seed(user.id, `u${i}`, count);
    left -= count;
  }
  await em().execute(`create index "image_tasks_user_created_id_idx" on "image_tasks" ("user_id", "created_at", "id")`);
  await em().execute(`create index "image_tasks_prompt_words_idx" on "image_tasks" using gin ("prompt_words")`);
  await em().execute('vacuum analyze "image_tasks"');
  const load = (await import('node:os')).loadavg()[0]?.toFixed(1);
  const [counted] = await em().execute<{ count: string }[]>('select count(*) as "count" from "image_tasks"');
  console.log(
    `${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${counted?.count} tasks, ${perUser} for the user; seeded and indexed in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load}`,
  );

  const list = (query: Record<string, string>) => {
    const parsed = ImageTaskListQuery.parse(query);
    return new ImageTaskRepository(em()).listPage(owner.id, parsed, new Date(Date.now() - parsed.days * 86_400_000));
  };
  // A later page: the cursor after five pages of the search.
  const cursorAfter = async (query: Record<string, string>, pages: number) => {
    let cursor: string | null = null;
    for (let i = 0; i < pages; i++) cursor = (await list(cursor ? { ...query, cursor } : query)).nextCursor;
    return cursor ?? '';
  };
  const word = (i: number) => WORDS[i % WORDS.length] ?? 'banana';
  const cases: [string, (i: number) => Promise<unknown>][] = [
    ['default view (14 days, page 1)', () => list({})],
    ['one word, whole history, page 1', (i) => list({ q: word(i), scope: 'all' })],
    [
      'two words + kind + status + origin, page 1',
      (i) => list({ q: `${word(i)} ${word(i + 7)}`, scope: 'all', type: 'text_to_image', status: 'completed', via: 'web' }),
    ],
    ['one word + status, last year, page 1', (i) => list({ q: word(i), scope: 'all', status: 'completed', from: day(-365) })],
  ];
  const cursors = await Promise.all(WORDS.slice(0, 8).map((_, i) => cursorAfter({ q: word(i), scope: 'all' }, 5)));
  cases.push(['one word, whole history, page 6 (cursor)', (i) => list({ q: word(i % 8), scope: 'all', cursor: cursors[i % 8] ?? '' })]);

  for (const [name, run] of cases) {
    for (let i = 0; i < 20; i++) await run(i); // warm-up
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await run(i);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => (times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0).toFixed(1);
    // The minimum shows the work itself when other processes share the cores.
    console.log(
      `  ${name.padEnd(46)} p50 ${at(50).padStart(6)} ms   p99 ${at(99).padStart(6)} ms   min ${(times[0] ?? 0).toFixed(1).padStart(5)} ms   (${runs} runs)`,
    );
  }
} finally {
  await server.close();
}

function day(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
