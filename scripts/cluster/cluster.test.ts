// The product as a cluster, as compose.yaml deploys it: two web processes and a worker (`node api/src/server.ts`
// with the services' environments from compose.yaml) on one PostgreSQL database and one S3 bucket, behind a
// round-robin proxy. Only the addresses differ from the recipe: a fresh database on the test's PostgreSQL, an
// s3rver bucket, random ports. Everything is driven through the public HTTP API and checked in the database.
import { randomBytes } from 'node:crypto';
import { startTestS3, type TestS3 } from '@app/api/testing/s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCompose, serviceEnvironment, servicesWithRole } from './compose.ts';
import { createDatabase, type Database } from './database.ts';
import { type AppProcess, runScript, startApp } from './processes.ts';
import { type RoundRobinProxy, startProxy } from './proxy.ts';

/** What `docker compose` would read from the shell: the secrets, and a sandbox (non-production) cluster. */
const COMPOSE_VARIABLES = {
  NODE_ENV: 'development',
  SECRET_KEY: randomBytes(32).toString('hex'),
  // s3rver's one account.
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
};

/** Test pace, beyond the recipe: a sandbox task slow enough to kill a worker in its middle, quick polling, a short time limit. */
const TEST_SETTINGS = {
  LOG_LEVEL: 'info',
  SANDBOX_DELAY_MS: '4000',
  STUDIO_POLL_MIN_SECONDS: '0.2',
  STUDIO_POLL_MAX_SECONDS: '0.5',
  // Should a task's work be lost with the killed worker, the time-limit sweep fails and refunds it.
  STUDIO_TASK_TIMEOUT_SECONDS: '30',
  // Schedules are looked at every second instead of every 30 (one occurrence a minute is still one).
  JOBS_CRON_INTERVAL_SECONDS: '1',
  REGISTER_LIMIT_PER_IP: '6',
};

interface Task {
  taskId: string;
  status: string;
  resultUrls: string[];
  creditsUsed: number;
}

/** The fields of the API's answers this test reads. */
interface Answer {
  task: Task;
  tasks: Task[];
  creditsUsed: number;
  remainingCredits: number;
  code: string;
  user: { credits: number };
}

const PASSWORD = 'cluster-test-password';
/** Credits every new account starts with, set by the admin (the default is none). */
const START_CREDITS = 20;

/** Polls until `check` answers something truthy; fails naming `what` (and the processes' last output). */
async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

describe('the studio as a cluster (compose.yaml)', () => {
  const compose = readCompose();
  const webServices = servicesWithRole(compose, 'web');
  const [workerService] = servicesWithRole(compose, 'worker');
  let database: Database;
  let sql: pg.Pool;
  let s3: TestS3;
  let proxy: RoundRobinProxy;
  const webs: AppProcess[] = [];
  const workers: AppProcess[] = [];
  let environments: Record<string, Record<string, string>>;
  /** Sign-ups made so far from the test's address (they count towards the per-address limit). */
  let signUps = 0;

  function environmentOf(service: string): Record<string, string> {
    const environment = environments[service];
    if (!environment) throw new Error(`no environment for ${service}`);
    return environment;
  }

  beforeAll(async () => {
    expect(webServices).toHaveLength(2);
    expect(workerService).toBeDefined();
    const recipe = Object.fromEntries(
      [...webServices, workerService as string].map((service) => [service, serviceEnvironment(compose, service, COMPOSE_VARIABLES)]),
    );
    database = await createDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    s3 = await startTestS3(recipe[workerService as string]?.S3_BUCKET);
    proxy = await startProxy(() => webs.map((web) => web.url));
    // Only the addresses change: the database, the bucket's endpoint and the public origin (the proxy).
    environments = Object.fromEntries(
      Object.entries(recipe).map(([service, environment]) => [
        service,
        { ...environment, ...TEST_SETTINGS, DATABASE_URL: database.url, S3_ENDPOINT: s3.endpoint, PUBLIC_URL: proxy.url },
      ]),
    );
    // All at once, as `docker compose up` starts them.
    const started = await Promise.allSettled([
      ...webServices.map((service) => startApp(service, environmentOf(service))),
      startApp(workerService as string, environmentOf(workerService as string)),
    ]);
    for (const outcome of started) {
      if (outcome.status === 'fulfilled') (outcome.value.name === workerService ? workers : webs).push(outcome.value);
    }
    const failure = started.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    for (const app of [...webs, ...workers]) {
      await eventually(async () => (await fetch(`${app.url}/readyz`)).status === 200, `${app.name} to be ready`);
    }
    // The first admin, as the README does it on a cluster (`docker compose run --rm worker node api/scripts/...`),
    // gives new accounts start credits through the admin API.
    const admin = { username: 'cluster_admin', password: PASSWORD };
    await runScript(['api/scripts/create-admin.ts', admin.username, admin.password], environmentOf(workerService as string));
    const { cookie } = await signIn(admin.username);
    expect((await call('PUT', '/api/admin/settings', { cookie, body: { startCredits: START_CREDITS } })).status).toBe(200);
  });

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([...webs, ...workers].map((app) => app.stop()));
    await sql?.end();
    await database?.drop();
    await s3?.close();
  });

  /** A JSON call through the proxy, as a browser on the public origin makes it. */
  async function call(method: string, path: string, options: { body?: unknown; cookie?: string; base?: string } = {}) {
    const response = await fetch(`${options.base ?? proxy.url}${path}`, {
      method,
      headers: {
        origin: proxy.url,
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.cookie && { cookie: options.cookie }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as Partial<Answer> };
  }

  async function signUp(username: string) {
    const answer = await call('POST', '/api/auth/register', { body: { username, password: PASSWORD } });
    if (answer.status === 201) signUps++;
    return answer;
  }

  async function signedInUser(): Promise<{ cookie: string; credits: number }> {
    const username = `user_${randomBytes(4).toString('hex')}`;
    expect((await signUp(username)).status).toBe(201);
    const user = await signIn(username);
    // Whichever web process took the sign-up read the admin's setting from the database.
    expect(user.credits).toBe(START_CREDITS);
    return user;
  }

  async function signIn(username: string): Promise<{ cookie: string; credits: number }> {
    const response = await fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: proxy.url, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('sid='));
    expect(cookie).toBeDefined();
    const body = (await response.json()) as { user: { credits: number } };
    return { cookie: (cookie as string).split(';')[0] as string, credits: body.user.credits };
  }

  async function taskOf(cookie: string, taskId: string) {
    const list = await call('GET', '/api/image-tasks', { cookie });
    expect(list.status).toBe(200);
    return list.body.tasks?.find((task) => task.taskId === taskId);
  }

  async function balanceOf(cookie: string): Promise<number | undefined> {
    const me = await call('GET', '/api/auth/current-user', { cookie });
    expect(me.status).toBe(200);
    return me.body.user?.credits;
  }

  it('signs up through the proxy, generates on the worker, and every web process serves the image from the bucket', async () => {
    const { cookie, credits } = await signedInUser();
    const submitted = await call('POST', '/api/generate-image', { cookie, body: { prompt: 'a lighthouse on a cluster of rocks' } });
    expect(submitted.status).toBe(202);
    const taskId = submitted.body.task?.taskId as string;
    expect(submitted.body.remainingCredits).toBe(credits - (submitted.body.creditsUsed ?? 0));
    const done = await eventually(async () => {
      const task = await taskOf(cookie, taskId);
      return task && !['pending', 'generating'].includes(task.status) && task;
    }, 'the worker to finish the task');
    expect(done.status).toBe('completed');
    const image = new URL(done.resultUrls[0] as string);
    expect(image.origin).toBe(proxy.url);
    expect(image.pathname).toMatch(/^\/files\/results\//);

    // The result is in the bucket, written by the worker; the web process that took the submission and the other
    // one both serve it, byte for byte.
    const stored = await s3.object(image.pathname.slice('/files/'.length));
    expect(stored?.bytes.length).toBeGreaterThan(0);
    const submittedOn = proxy.served.findLast((entry) => entry.path === '/api/generate-image')?.upstream;
    const other = webs.find((web) => web.url !== submittedOn);
    expect(other).toBeDefined();
    for (const web of [other as AppProcess, ...webs]) {
      const file = await fetch(`${web.url}${image.pathname}`);
      expect(file.status, web.name).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await file.arrayBuffer()).equals(stored?.bytes as Buffer)).toBe(true);
    }
  });

  let workersReadyAt = 0;

  it('a worker killed in the middle of a task leaves it finished or refunded once new workers start', async () => {
    const { cookie, credits } = await signedInUser();
    const submitted = await call('POST', '/api/generate-image', { cookie, body: { prompt: 'a lighthouse in a storm' } });
    expect(submitted.status).toBe(202);
    const taskId = submitted.body.task?.taskId as string;
    const cost = submitted.body.creditsUsed as number;
    // The worker has handed the task to the (slow) sandbox provider: kill it there.
    await eventually(async () => (await taskOf(cookie, taskId))?.status === 'generating', 'the worker to start the task', 30_000);
    const killed = workers.splice(0, 1)[0] as AppProcess;
    await killed.kill();
    const { rows: inFlight } = await sql.query('select status from image_tasks where task_id = $1', [taskId]);
    expect(inFlight[0]?.status).toBe('generating');

    // New workers come up (two, so the schedules below race), and the task ends one way or the other.
    const started = await Promise.allSettled([1, 2].map((n) => startApp(`${workerService}-${n}`, environmentOf(workerService as string))));
    for (const outcome of started) if (outcome.status === 'fulfilled') workers.push(outcome.value);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    workersReadyAt = Date.now();
    const ended = await eventually(
      async () => {
        const task = await taskOf(cookie, taskId);
        return task && !['pending', 'generating'].includes(task.status) && task;
      },
      'the task to end after the restart',
      120_000,
    );
    expect(['completed', 'failed']).toContain(ended.status);
    const { rows: ledger } = await sql.query<{ type: string; amount: number }>(
      `select t.type, t.amount from transactions t join image_tasks i on i.id = t.image_task_id where i.task_id = $1 order by t.created_at`,
      [taskId],
    );
    if (ended.status === 'completed') {
      expect(ledger).toEqual([{ type: 'usage', amount: -cost }]);
      expect(await balanceOf(cookie)).toBe(credits - cost);
    } else {
      expect(ledger).toEqual([
        { type: 'usage', amount: -cost },
        { type: 'refund', amount: cost },
      ]);
      expect(await balanceOf(cookie)).toBe(credits);
    }
    // The balance is the sum of the ledger, for every user of the cluster.
    const { rows: drift } = await sql.query(
      `select u.id from users u left join transactions t on t.user_id = u.id group by u.id, u.credits having u.credits <> coalesce(sum(t.amount), 0)`,
    );
    expect(drift).toEqual([]);
  });

  it('runs each sweep once per occurrence, with two workers scheduling', async () => {
    expect(workers).toHaveLength(2);
    // The task time-limit sweep is due every minute: wait for an occurrence the two new workers both saw come due.
    await eventually(
      async () => {
        const { rows } = await sql.query(
          `select 1 from pgboss.job where name = 'sweep-task-time-limits' and state = 'completed' and created_on > $1`,
          [new Date(workersReadyAt + 1000)],
        );
        return rows.length > 0;
      },
      'an occurrence of the time-limit sweep',
      90_000,
    );
    // pg-boss files each occurrence as one forwarding job named by its minute slot; the sweep job it sends
    // is created when that forward runs, which after a restart can be a minute late, so the slot of the
    // occurrence (not the sweep job's created_on) is what must be unique.
    const { rows: occurrences } = await sql.query<{ name: string; slot: string; forwards: number }>(
      `select data->>'name' as name, data->>'slot' as slot, count(*)::int as forwards
         from pgboss.job where name = '__pgboss__send-it' and data->>'name' like 'sweep-%' group by 1, 2 order by 1, 2`,
    );
    expect(occurrences.length).toBeGreaterThan(0);
    expect(occurrences.filter((row) => row.forwards !== 1)).toEqual([]);
    // And no sweep ran more often than it came due.
    const { rows: surplus } = await sql.query(
      `select j.name, count(*)::int as jobs from pgboss.job j where j.name like 'sweep-%' group by j.name
        having count(*) > (select count(*) from pgboss.job f where f.name = '__pgboss__send-it' and f.data->>'name' = j.name)`,
    );
    expect(surplus).toEqual([]);
    const { rows: failed } = await sql.query(`select name, state from pgboss.job where name like 'sweep-%' and state = 'failed'`);
    expect(failed).toEqual([]);
  });
  it('counts the sign-up limit once for the whole cluster, whichever web process takes each sign-up', async () => {
    const limit = Number(TEST_SETTINGS.REGISTER_LIMIT_PER_IP);
    const servedBefore = proxy.served.length;
    while (signUps < limit) expect((await signUp(`limit_${randomBytes(4).toString('hex')}`)).status).toBe(201);
    // Over the limit on both processes alike: one budget, not one per process.
    const refusals = [await signUp(`over_${randomBytes(4).toString('hex')}`), await signUp(`over_${randomBytes(4).toString('hex')}`)];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(429);
      expect(refusal.body.code).toBe('rate_limited');
    }
    const registrations = proxy.served.slice(servedBefore).filter((entry) => entry.path === '/api/auth/register');
    const perProcess = webs.map((web) => registrations.filter((entry) => entry.upstream === web.url).length);
    // Both processes took sign-ups, and the two refusals came from different processes.
    expect(perProcess.every((count) => count >= 2)).toBe(true);
    expect(new Set(registrations.slice(-2).map((entry) => entry.upstream)).size).toBe(2);
    expect(signUps).toBe(limit);
  });
});
