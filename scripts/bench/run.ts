// Throughput of the full stack against bare baselines, in one run on one machine:
//   pnpm bench   (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default)
// Baselines: a bare node:http server and a bare Koa app answering the same small JSON.
// Full stack: /healthz and /api/pricing/current through every middleware and the database; the studio's
// hot read (a signed-in user's last 16 tasks of 7 days, of ~50) and its 304 answer to If-None-Match; the events
// stream (a task's changes reaching its owner's open stream). Many streams at once: pnpm bench:streams.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUser, signIn, startTestServer } from '@app/api/testing';
import autocannon from 'autocannon';
import Koa from 'koa';
import { openEvents } from '../../api/src/modules/live/testing.ts';
import { BROWSER_ENCODINGS, benchServer, studioUser, taskListPath } from './studio-user.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Row {
  name: string;
  rps: number;
  p99: number;
  /** Answers with another status than the one the row is about (2xx, or 304 for the conditional read). */
  non2xx: number;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}, expect: 200 | 304 = 200): Promise<Row> {
  // The load comes from a worker thread, so the client does not share the server's event loop.
  const result = await autocannon({ url, connections, duration: seconds, headers, workers: 1 });
  const unexpected = expect === 304 ? result.requests.total - result['3xx'] : result.non2xx;
  return { name, rps: result.requests.average, p99: result.latency.p99, non2xx: unexpected };
}

/**
 * The events stream: one signed-in browser's stream while 10 writers change its task as fast as they can; the rate is
 * events received per second, p99 the delay from just before the UPDATE to the event, non2xx the events lost.
 */
async function measureEvents(server: Awaited<ReturnType<typeof startTestServer>>): Promise<Row> {
  const user = await createUser(server, { credits: 0 });
  const cookie = await signIn(server, user);
  const [task] = await server.orm.em.fork().execute<{ id: string }[]>(
    `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "aspect_ratio", "credits_used", "created_at", "updated_at", "deadline_at")
     values (gen_random_uuid(), ?, 'tsk_bench_events', 'bench', 'nano_banana', '1:1', 2, now(), now(), now() + interval '1 day') returning "id"`,
    [user.id],
  );
  const stream = await openEvents(server.url, cookie);
  const sent = new Map<string, number>();
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < end) {
        const key = `e${n++}`;
        sent.set(key, performance.now());
        await server.orm.em
          .fork()
          .execute(`update "image_tasks" set "error_message" = ?, "revision" = "revision" + 1 where "id" = ?`, [key, task?.id]);
      }
    }),
  );
  // Every change was committed above; wait for the last of their events (they arrive in commit order).
  await stream.next(() => stream.events.length >= sent.size, 5000).catch(() => undefined);
  stream.close();
  const delays = stream.events
    .map((event) => {
      const at = sent.get((JSON.parse(event.data) as { errorMessage?: string }).errorMessage ?? '');
      return at === undefined ? undefined : event.at - at;
    })
    .filter((delay): delay is number => delay !== undefined)
    .sort((a, b) => a - b);
  const p99 = Math.round(delays[Math.floor(delays.length * 0.99)] ?? Number.NaN);
  return { name: 'events stream: task change -> event (events/s)', rps: delays.length / seconds, p99, non2xx: sent.size - delays.length };
}

const body = JSON.stringify({ status: 'ok' });
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
const koa = new Koa();
koa.use((ctx) => {
  ctx.body = { status: 'ok' };
});
const koaServer = createServer(koa.callback());
// As deployed: a web process (ROLE=web), production mode (no development-time check of every answer against its
// schema), request log at info.
const stack = await startTestServer(benchServer);

const rows: Row[] = [];
try {
  rows.push(await measure('node:http baseline', await listen(bare)));
  rows.push(await measure('bare Koa baseline', await listen(koaServer)));
  rows.push(await measure('full stack /healthz', `${stack.url}/healthz`));
  rows.push(await measure('full stack /api/pricing/current', `${stack.url}/api/pricing/current`));
  const cookie = await studioUser(stack, { createUser, signIn });
  const tasks = `${stack.url}${taskListPath}`;
  rows.push(await measure('task list, signed in (16 of 50)', tasks, { cookie }));
  const etag = (await fetch(tasks, { headers: { cookie } })).headers.get('etag') ?? '';
  rows.push(await measure('task list, If-None-Match -> 304', tasks, { cookie, 'if-none-match': etag }, 304));
  rows.push(await measure('task list, signed in, brotli', tasks, { cookie, 'accept-encoding': BROWSER_ENCODINGS }));
  rows.push(await measureEvents(stack));
} finally {
  bare.close();
  koaServer.close();
  await stack.close();
}

const base = rows[0]!.rps;
console.log(
  `\n${connections} connections, ${seconds}s each, a web process in production mode, request log at info, database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
console.table(
  rows.map((r) => ({
    target: r.name,
    'req/s': Math.round(r.rps),
    'p99 ms': r.p99,
    'vs node:http': (r.rps / base).toFixed(3),
    'vs Koa': (r.rps / rows[1]!.rps).toFixed(3),
    non2xx: r.non2xx,
  })),
);
