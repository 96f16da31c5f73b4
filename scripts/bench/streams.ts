// Many browsers on one API process: each holds its event stream (a share may poll instead), tasks finish at a steady
// rate, and we report the server's CPU, its memory per stream and the delay from a task's change in the database to
// the event at the client.
//   pnpm bench:streams   (STREAMS=500,2000  RATE=20 changes/s  SECONDS=20  POLL_SHARE=0)
// The API runs as its own process (node api/src/server.ts) on a fresh database: PostgreSQL when DATABASE_URL is set,
// else the embedded PGlite in a temporary folder (streams-embedded-api.ts: the same server, which also runs this
// script's statements, as only it can open the database); its CPU and memory are read from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createOrm } from '../../api/src/db/orm.ts';
import { entities } from '../../api/src/modules/index.ts';
import { type EventClient, openEvents } from '../../api/src/modules/live/testing.ts';
import { createTestDatabase } from '../../api/test/database.ts';

const counts = (process.env.STREAMS ?? '500,2000').split(',').map(Number);
const rate = Number(process.env.RATE ?? 20);
const seconds = Number(process.env.SECONDS ?? 20);
const pollShare = Number(process.env.POLL_SHARE ?? 0);
const root = join(import.meta.dirname, '..', '..');

interface Result {
  browsers: number;
  streams: number;
  polling: number;
  events: number;
  p50: number;
  p99: number;
  lost: number;
  cpuEvents: number;
  cpuIdle: number;
  rssMb: number;
  kbPerStream: number;
}

/** utime + stime of a process in seconds, and its resident memory in bytes. */
async function usage(pid: number): Promise<{ cpu: number; rss: number }> {
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpu: (Number(stat[11]) + Number(stat[12])) / 100, rss: rssKb * 1024 };
}

async function cpuOver(pid: number, ms: number): Promise<number> {
  const a = await usage(pid);
  const start = performance.now();
  await sleep(ms);
  const b = await usage(pid);
  return (b.cpu - a.cpu) / ((performance.now() - start) / 1000);
}

/** Starts the API as a child process; resolves with its URL once it listens. */
async function startApi(env: Record<string, string>, embedded: boolean): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [embedded ? 'scripts/bench/streams-embedded-api.ts' : 'api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SECRET_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`API exited with ${code}: ${out}`)));
  });
  return { child, url };
}

interface Database {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  end(): Promise<void>;
}

/** A second connection to the API's PostgreSQL database. */
async function openDatabase(target: Parameters<typeof createOrm>[0]): Promise<Database> {
  const orm = await createOrm(target, { entities });
  return {
    query: <T>(sql: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(sql, params),
    end: () => orm.close(true),
  };
}

/** The embedded database, through the API process that holds it (see streams-embedded-api.ts). */
function embeddedDatabase(child: ChildProcess): Database {
  let next = 0;
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id: number; rows?: unknown[]; error?: string }) => {
    const waiter = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.rows ?? []);
  });
  return {
    query: <T>(sql: string, params: unknown[] = []) =>
      new Promise<T[]>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
        child.send({ id, sql, params });
      }),
    end: async () => {},
  };
}

async function run(browsers: number): Promise<Result> {
  const database = await createTestDatabase();
  const folder = await mkdtemp(join(tmpdir(), 'bench-streams-'));
  const env: Record<string, string> = { DATA_DIR: folder };
  if (database.target.kind === 'postgres') env.DATABASE_URL = database.target.url;
  const embedded = database.target.kind !== 'postgres';
  const { child, url } = await startApi(env, embedded);
  const clients: EventClient[] = [];
  const pollers: AbortController[] = [];
  try {
    // Users, sessions and one task each, straight into the database the API migrated.
    const sids = Array.from({ length: browsers }, () => randomBytes(32).toString('base64url'));
    const db = database.target.kind === 'postgres' ? await openDatabase(database.target) : embeddedDatabase(child);
    const users = await db.query<{ id: string; n: number }>(
      `insert into "users" ("id", "username", "username_key", "password_hash", "credits", "created_at")
       select gen_random_uuid(), 'bench_' || n, 'bench_' || n, 'x', 0, now() from generate_series(1, ?) as n
       returning "id", substring("username" from 7)::int as n`,
      [browsers],
    );
    const ids = users.sort((a, b) => a.n - b.n).map((row) => row.id);
    await db.query(
      `insert into "sessions" ("id_hash", "user_id", "created_at", "last_seen_at", "expires_at")
       select h, u::uuid, now(), now(), now() + interval '1 day'
         from unnest(string_to_array(?, ','), string_to_array(?, ',')) as t(h, u)`,
      [sids.map((sid) => createHash('sha256').update(sid).digest('hex')).join(','), ids.join(',')],
    );
    const tasks = await db.query<{ id: string; user_id: string }>(
      `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "aspect_ratio", "credits_used", "created_at", "updated_at", "deadline_at")
       select gen_random_uuid(), u::uuid, 'tsk_' || md5(u), 'bench', 'nano_banana', '1:1', 2, now(), now(), now() + interval '1 day'
         from unnest(string_to_array(?, ',')) as u returning "id", "user_id"`,
      [ids.join(',')],
    );
    const taskOf = new Map(tasks.map((row) => [row.user_id, row.id]));
    const polling = Math.round(browsers * pollShare);
    const before = await usage(child.pid ?? 0);
    for (let i = 0; i < browsers; i++) {
      const cookie = `sid=${sids[i]}`;
      if (i < polling) {
        const abort = new AbortController();
        pollers.push(abort);
        void (async () => {
          while (!abort.signal.aborted) {
            await fetch(`${url}/api/image-tasks?page=1&limit=1&days=7`, { headers: { cookie }, signal: abort.signal })
              .then((res) => res.arrayBuffer())
              .catch(() => {});
            await sleep(1000).catch(() => {});
          }
        })();
      } else {
        clients.push(await openEvents(url, cookie));
      }
    }
    if (clients.some((client) => client.status !== 200)) throw new Error('a stream did not open');
    await sleep(2000);
    const opened = await usage(child.pid ?? 0);
    const cpuIdle = await cpuOver(child.pid ?? 0, 5000);

    // Steady changes: each one a finished task of a user with a stream; the delay is from just before the UPDATE.
    const sent = new Map<string, number>();
    const streamUsers = ids.slice(polling);
    const clientOf = new Map(streamUsers.map((id, i) => [id, clients[i] as EventClient]));
    const cpuStart = await usage(child.pid ?? 0);
    const started = performance.now();
    let revision = 0;
    const total = Math.round(rate * seconds);
    for (let k = 0; k < total; k++) {
      const due = started + (k * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const user = streamUsers[k % streamUsers.length] as string;
      const task = taskOf.get(user) as string;
      revision++;
      const key = `${task}:${revision}`;
      sent.set(key, performance.now());
      void db.query(`update "image_tasks" set "error_message" = ?, "revision" = "revision" + 1 where "id" = ?`, [key, task]);
    }
    await sleep(2000);
    const cpuEnd = await usage(child.pid ?? 0);
    const cpuEvents = (cpuEnd.cpu - cpuStart.cpu) / ((performance.now() - started) / 1000);
    const delays: number[] = [];
    for (const [user, client] of clientOf) {
      for (const event of client.events) {
        if (event.event !== 'task') continue;
        const data = JSON.parse(event.data) as { id: string; errorMessage: string | null };
        if (data.id !== taskOf.get(user) || !data.errorMessage) continue;
        const at = sent.get(data.errorMessage);
        if (at !== undefined) delays.push(event.at - at);
      }
    }
    delays.sort((a, b) => a - b);
    const pick = (q: number) => Math.round(delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? Number.NaN);
    await db.end();
    return {
      browsers,
      streams: clients.length,
      polling,
      events: delays.length,
      p50: pick(0.5),
      p99: pick(0.99),
      lost: total - delays.length,
      cpuEvents,
      cpuIdle,
      rssMb: opened.rss / 2 ** 20,
      kbPerStream: (opened.rss - before.rss) / 1024 / Math.max(1, clients.length),
    };
  } finally {
    for (const client of clients) client.close();
    for (const poller of pollers) poller.abort();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  }
}

const results: Result[] = [];
for (const n of counts) results.push(await run(n));
console.log(`\n${rate} task changes/s for ${seconds}s, one API process, database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
console.table(
  results.map((r) => ({
    browsers: r.browsers,
    streams: r.streams,
    polling: r.polling,
    'CPU idle (% core)': (r.cpuIdle * 100).toFixed(1),
    'CPU with events (% core)': (r.cpuEvents * 100).toFixed(1),
    'RSS MB': r.rssMb.toFixed(0),
    'KB/stream': r.kbPerStream.toFixed(1),
    events: r.events,
    lost: r.lost,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
  })),
);
