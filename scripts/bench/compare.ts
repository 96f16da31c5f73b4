// Before and after in one run on one machine: the full-stack rows of `pnpm bench` for several checkouts at once.
//   pnpm bench:compare <checkout> [<checkout> ...]   (BENCH_SECONDS=5 BENCH_ROUNDS=5 BENCH_CONNECTIONS=50 BENCH_ROWS=)
// Each checkout's own server (its api/test helpers, its code, its bench settings and logger) runs in this process on
// its own database. Rows are measured checkout after checkout, the order reversed every other round, with a bare Koa
// app between the rows, and the medians reported: a machine whose load drifts (other work, thermal limits) then
// weighs on every checkout alike.
// Its first checkout is the reference for the ratios. A checkout needs its dependencies installed.
// The load comes from autocannon in a child process, so this process's CPU time is the servers' alone: each row also
// reports the server's CPU microseconds per request (median), steadier than req/s on a machine shared with other work.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import Koa from 'koa';
import { BROWSER_ENCODINGS, type benchServer, studioUser, type Testing, taskListPath } from './studio-user.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const checkouts = process.argv.slice(2).map((path) => resolve(path));
if (checkouts.length === 0) throw new Error('usage: pnpm bench:compare <checkout> [<checkout> ...]');

interface Target {
  url: string;
  headers: Record<string, string>;
}
type Rows = Record<string, Target>;

/** Starts a checkout's full stack as `pnpm bench` does, with its own server settings and logger, and its rows. */
async function start(checkout: string): Promise<{ rows: Rows; close: () => Promise<void> }> {
  const testing = (await import(`${checkout}/api/test/index.ts`)) as Testing & {
    startTestServer: (options: object) => Promise<Parameters<typeof studioUser>[0]>;
  };
  const deployed = (await import(`${checkout}/scripts/bench/studio-user.ts`)) as { benchServer: typeof benchServer };
  const server = await testing.startTestServer(deployed.benchServer);
  const cookie = await studioUser(server, testing);
  const tasks = `${server.url}${taskListPath}`;
  const etag = (await fetch(tasks, { headers: { cookie } })).headers.get('etag') ?? '';
  const rows: Rows = {
    'full stack /healthz': { url: `${server.url}/healthz`, headers: {} },
    'full stack /api/pricing/current': { url: `${server.url}/api/pricing/current`, headers: {} },
    'task list, signed in (16 of 50)': { url: tasks, headers: { cookie } },
    'task list, If-None-Match -> 304': { url: tasks, headers: { cookie, 'if-none-match': etag } },
    // As a browser reads it: brotli.
    'task list, signed in, brotli': { url: tasks, headers: { cookie, 'accept-encoding': BROWSER_ENCODINGS } },
  };
  return { rows, close: () => server.close() };
}

interface Measured {
  rps: number;
  /** Server CPU time (user and system, every thread of this process) per request answered. */
  cpuUs: number;
}

const autocannonBin = join(import.meta.dirname, '../node_modules/.bin/autocannon');

async function rate({ url, headers }: Target): Promise<Measured> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = ['-c', String(connections), '-d', String(seconds), '-j', ...headerArgs, url];
  const load = spawn(autocannonBin, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const output: Buffer[] = [];
  load.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  const cpu = process.cpuUsage();
  const code = await new Promise<number | null>((done) => load.once('exit', done));
  const used = process.cpuUsage(cpu);
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const result = JSON.parse(Buffer.concat(output).toString()) as { requests: { average: number; total: number } };
  return { rps: result.requests.average, cpuUs: (used.user + used.system) / Math.max(result.requests.total, 1) };
}

const koa = new Koa();
koa.use((ctx) => {
  ctx.body = { status: 'ok' };
});
const bare = createServer(koa.callback());
await new Promise<void>((done) => bare.listen(0, '127.0.0.1', done));
const bareKoa: Target = { url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, headers: {} };

const stacks: Awaited<ReturnType<typeof start>>[] = [];
for (const checkout of checkouts) stacks.push(await start(checkout));
// BENCH_ROWS=pricing,304: only the rows whose names contain one of these.
const only = process.env.BENCH_ROWS?.split(',').filter(Boolean) ?? [];
const names = Object.keys(stacks[0]?.rows ?? {}).filter((name) => only.length === 0 || only.some((part) => name.includes(part)));
const koaRates = new Map<string, Measured[]>(names.map((name) => [name, []]));
const rates = new Map<string, Measured[][]>(names.map((name) => [name, stacks.map(() => [])]));
try {
  for (let round = 0; round < rounds; round++) {
    const order = stacks.map((_, index) => index);
    if (round % 2) order.reverse();
    for (const name of names) {
      koaRates.get(name)?.push(await rate(bareKoa));
      for (const index of order) {
        const target = stacks[index]?.rows[name];
        if (target) rates.get(name)?.[index]?.push(await rate(target));
      }
    }
  }
} finally {
  for (const stack of stacks) await stack.close();
  bare.close();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const medianOf = (measured: Measured[] = [], field: keyof Measured) => median(measured.map((m) => m[field]));
console.log(
  `\n${connections} connections, ${seconds}s per measurement, ${rounds} rounds, medians; database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
for (const [index, checkout] of checkouts.entries()) console.log(`  [${index}] ${checkout}`);
console.table(
  names.map((name) => {
    const koaRate = medianOf(koaRates.get(name), 'rps');
    const row: Record<string, string | number> = {
      target: name,
      'bare Koa req/s': Math.round(koaRate),
      'Koa CPU us/req': medianOf(koaRates.get(name), 'cpuUs').toFixed(1),
    };
    const sides = rates.get(name) ?? [];
    const first = medianOf(sides[0], 'rps');
    sides.forEach((measured, index) => {
      const value = medianOf(measured, 'rps');
      row[`[${index}] req/s`] = Math.round(value);
      row[`[${index}] vs Koa`] = (value / koaRate).toFixed(3);
      row[`[${index}] CPU us/req`] = medianOf(measured, 'cpuUs').toFixed(1);
      if (index > 0) row[`[${index}]/[0]`] = (value / first).toFixed(2);
    });
    return row;
  }),
);
