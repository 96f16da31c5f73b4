// How long the pipeline itself makes a person wait for an image, beyond the provider's own time:
//   pnpm bench:pipeline            (BENCH_PIPELINE_TASKS=12 per row; `--quick` or BENCH_QUICK=1: 4 per row)
// The real app on PostgreSQL (DATABASE_URL, else 127.0.0.1:5432) with the sandbox provider at a known delay, for three
// paths: a browser's submit and its live event; the automation API with `Prefer: wait`; the automation API with a
// callback. Each row runs with the provider's callback (the default) and by polling alone (SANDBOX_CALLBACKS off).
// Overhead = submission to the finished image, minus the provider's time. Stages come from the step jobs' rows
// (queue pick-up, provider calls) and the step's own timings (download, storage, thumbnail); `event` is commit to
// the image reaching the client. Throughput: tasks one worker finishes per second with a zero-delay provider, as a
// ratio to bare pg-boss send-work-complete on the same database in the same run. Both are fed by SUBMITTERS concurrent
// senders (the studio's each as its own user, as a web tier serves many people at once), so the row measures the
// worker rather than one serial caller's round trips.
import { availableParallelism, loadavg } from 'node:os';
import { createToken, createUser, type Receiver, signIn, startReceiver, startTestServer, type TestServer } from '@app/api/testing';
import { openJobs } from '../../api/src/jobs/boss.ts';
import { registry } from '../../api/src/metrics/registry.ts';
import { openEvents } from '../../api/src/modules/live/testing.ts';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const perRow = Number(process.env.BENCH_PIPELINE_TASKS ?? (quick ? 4 : 12));
/** Provider delays in ms (`none`: only the throughput row). */
const delays = (process.env.BENCH_PIPELINE_DELAYS ?? '4000,20000')
  .split(',')
  .filter((d) => d !== 'none')
  .map(Number);
const throughputTasks = Number(process.env.BENCH_PIPELINE_THROUGHPUT_TASKS ?? (quick ? 100 : 300));
const modes = (process.env.BENCH_PIPELINE_MODES ?? 'callback,polling').split(',') as Mode[];
/** Concurrent submitters of the throughput row (and senders of its bare pg-boss baseline). */
const SUBMITTERS = Number(process.env.BENCH_PIPELINE_SUBMITTERS ?? 8);
/** Submissions are spread so the tasks do not all come due in the same instant. */
const SPREAD_MS = 150;

type Path = 'web+event' | 'api+wait' | 'api+callback';
type Mode = 'callback' | 'polling';

interface Sample {
  overheadMs: number;
  statusCalls: number;
  pickupMs: number;
  /** Commit of the completion to the image reaching the client. */
  eventMs: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const round = (value: number) => Math.round(value);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The step jobs of a task: how many looks at the provider, and how long due steps waited to be picked up. */
async function stepFacts(server: TestServer, rowId: string): Promise<{ statusCalls: number; pickupMs: number; completedAt: number }> {
  const em = server.orm.em.fork();
  const steps = await em.execute<{ pickup: number }[]>(
    `select extract(epoch from ("started_on" - greatest("start_after", "created_on"))) * 1000 as "pickup"
       from pgboss.job where "name" = 'studio-task-step' and "data"->>'id' = ? and "started_on" is not null`,
    [rowId],
  );
  const [task] = await em.execute<{ completed_at: Date }[]>(`select "completed_at" from "image_tasks" where "id" = ?`, [rowId]);
  return {
    // The first step submits; every later one asks for the status once.
    statusCalls: Math.max(0, steps.length - 1),
    pickupMs: mean(steps.map((step) => Number(step.pickup))),
    completedAt: task?.completed_at ? new Date(task.completed_at).getTime() : Number.NaN,
  };
}

async function rowIdOf(server: TestServer, taskId: string): Promise<string> {
  const [row] = await server.orm.em.fork().execute<{ id: string }[]>(`select "id" from "image_tasks" where "task_id" = ?`, [taskId]);
  if (!row) throw new Error(`no task ${taskId}`);
  return row.id;
}

interface Ctx {
  server: TestServer;
  cookie: string;
  token: string;
  receiver: Receiver;
  delayMs: number;
}

/** One task through one path; resolves with its timings once the client has the image. */
async function runOne(ctx: Ctx, path: Path, index: number): Promise<Sample> {
  const { server } = ctx;
  const prompt = `bench ${path} ${index} ${Date.now()}`;
  let start = 0;
  let taskId: string;
  let doneAt: number;
  if (path === 'web+event') {
    const stream = await openEvents(server.url, ctx.cookie);
    try {
      start = Date.now();
      const res = await server.request<{ task: { taskId: string } }>('POST', '/api/generate-image', {
        cookie: ctx.cookie,
        body: { prompt, aspectRatio: '1:1' },
        headers: { origin: server.url },
        validate: false,
      });
      if (res.status !== 202 && res.status !== 201) throw new Error(`submit answered ${res.status}: ${res.text}`);
      taskId = res.body.task.taskId;
      await stream.next((event) => event.event === 'task' && event.data.includes(taskId) && event.data.includes('"completed"'), 120_000);
      doneAt = Date.now();
    } finally {
      stream.close();
    }
  } else {
    const callback = path === 'api+callback';
    const seen = ctx.receiver.received.length;
    start = Date.now();
    const res = await server.request<{ taskId: string; result?: { status: string } }>('POST', '/api/n8n/generate', {
      headers: {
        authorization: `Bearer ${ctx.token}`,
        ...(callback ? {} : { prefer: 'wait=60' }),
        'idempotency-key': `bench-${prompt}`,
      },
      body: {
        input: { prompt, image_size: '1:1', output_format: 'png' },
        ...(callback ? { callbackUrl: `${ctx.receiver.url}/hook` } : {}),
      },
      validate: false,
    });
    if (res.status >= 300) throw new Error(`automation submit answered ${res.status}: ${res.text}`);
    taskId = res.body.taskId;
    if (callback) {
      for (;;) {
        if (ctx.receiver.received.slice(seen).some((hit) => hit.body.includes(taskId) && hit.body.includes('"completed"'))) break;
        if (Date.now() - start > 120_000) throw new Error(`no callback for ${taskId}`);
        await sleep(5);
      }
    } else if (res.status !== 200) throw new Error(`Prefer: wait answered ${res.status} (${res.body.result?.status})`);
    doneAt = Date.now();
  }
  const facts = await stepFacts(server, await rowIdOf(server, taskId));
  return {
    overheadMs: doneAt - start - ctx.delayMs,
    statusCalls: facts.statusCalls,
    pickupMs: facts.pickupMs,
    eventMs: doneAt - facts.completedAt,
  };
}

/** Mean time per stage the pipeline's own histogram kept (download, storage, thumbnail, ...), when this checkout has it. */
async function stageTimings(): Promise<Record<string, number> | undefined> {
  const metric = registry.getSingleMetric('studio_stage_seconds');
  if (!metric) return undefined;
  const { values } = await metric.get();
  const sums = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const value of values) {
    const stage = String(value.labels.stage);
    const name = (value as { metricName?: string }).metricName ?? '';
    if (name.endsWith('_sum')) sums.set(stage, value.value);
    if (name.endsWith('_count')) counts.set(stage, value.value);
  }
  metric.reset();
  return Object.fromEntries([...sums].map(([stage, sum]) => [stage, round((sum / Math.max(1, counts.get(stage) ?? 1)) * 1000)]));
}

async function runRow(delayMs: number, mode: Mode): Promise<void> {
  const receiver = await startReceiver();
  const server = await startTestServer({
    studio: { sandboxDelayMs: delayMs, maxTasksInFlight: 1000, ...(mode === 'polling' ? { sandboxCallbacks: false } : {}) },
    config: {
      automationRatePerMinute: 100_000,
      apiRatePerMinute: 1_000_000_000,
      automationCallbacks: { retryMs: [300, 300], allowedNetworks: ['127.0.0.1/32'] },
    },
  } as Parameters<typeof startTestServer>[0]);
  try {
    // Learned schedules start from history: one task of this kind first, as a running studio has many.
    const user = await createUser(server, { credits: 1_000_000 });
    const ctx: Ctx = { server, cookie: await signIn(server, user), token: await createToken(server, user), receiver, delayMs };
    for (const path of ['web+event', 'api+wait', 'api+callback'] as const) {
      await runOne(ctx, path, -1);
      const samples = await Promise.all(
        Array.from({ length: perRow }, async (_, index) => {
          await sleep(index * SPREAD_MS);
          return runOne(ctx, path, index);
        }),
      );
      const overhead = samples.map((sample) => sample.overheadMs);
      console.log(
        [
          `${String(delayMs / 1000).padStart(2)} s`,
          mode.padEnd(8),
          path.padEnd(12),
          `overhead p50 ${String(round(quantile(overhead, 0.5))).padStart(5)} ms`,
          `p99 ${String(round(quantile(overhead, 0.99))).padStart(5)} ms`,
          `pick-up ${String(round(mean(samples.map((sample) => sample.pickupMs)))).padStart(4)} ms`,
          `event ${String(round(mean(samples.map((sample) => sample.eventMs)))).padStart(4)} ms`,
          `status calls/task ${mean(samples.map((sample) => sample.statusCalls)).toFixed(1)}`,
        ].join('  '),
      );
    }
    const stages = await stageTimings();
    if (stages && Object.keys(stages).length)
      console.log(
        `       stages (mean ms): ${Object.entries(stages)
          .map(([stage, ms]) => `${stage} ${ms}`)
          .join(', ')}`,
      );
  } finally {
    await server.close();
    receiver.close();
  }
}

/** Runs `send(n, submitter)` for n = 0..count-1 on SUBMITTERS concurrent submitters, each taking the next n in turn. */
async function inParallel(count: number, send: (n: number, submitter: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: SUBMITTERS }, async (_, submitter) => {
      for (let n = next++; n < count; n = next++) await send(n, submitter);
    }),
  );
}

/** Tasks per second one worker finishes with a zero-delay provider (submitted through the studio's own submit). */
async function pipelineThroughput(): Promise<{ perSecond: number; bare: number }> {
  const server = await startTestServer({ studio: { sandboxDelayMs: 0, maxTasksInFlight: 100_000 } });
  try {
    const users = await Promise.all(Array.from({ length: SUBMITTERS }, () => createUser(server, { credits: 10_000_000 })));
    // Bare pg-boss on the same database, with the worker's concurrency: send, work (nothing), complete.
    const bare = await bareBoss(server);
    const started = performance.now();
    const em = server.orm.em.fork();
    await inParallel(throughputTasks, async (n, submitter) => {
      await server.studio.submit(em.fork(), {
        userId: users[submitter]?.id ?? '',
        kind: 'text_to_image',
        prompt: `throughput ${n}`,
        inputImageUrls: [],
        aspectRatio: '1:1',
        imageSize: 'auto',
        outputFormat: 'png',
        createdVia: 'api',
        priceList: 'api',
      });
    });
    for (;;) {
      const [row] = await em.execute<{ left: number }[]>(
        `select count(*)::int as "left" from "image_tasks" where "status" in ('pending', 'generating')`,
      );
      if (!row?.left) break;
      if (performance.now() - started > 600_000) throw new Error('throughput run did not finish');
      await sleep(20);
    }
    return { perSecond: throughputTasks / ((performance.now() - started) / 1000), bare };
  } finally {
    await server.close();
  }
}

/** Jobs per second through a pg-boss instance of its own on the same database: send, work (nothing), complete. */
async function bareBoss(server: TestServer): Promise<number> {
  const jobs = await openJobs(server.orm, { logger: server.app.context.services.logger, runWorkers: true });
  try {
    await jobs.define('bench-bare', { notify: true });
    let done = 0;
    const started = performance.now();
    await jobs.work('bench-bare', { localConcurrency: server.config.studio.jobConcurrency, pollingIntervalSeconds: 0.5 }, async () => {
      done += 1;
    });
    await inParallel(throughputTasks, async (n) => {
      await jobs.send('bench-bare', { n });
    });
    while (done < throughputTasks) {
      if (performance.now() - started > 300_000) throw new Error(`bare pg-boss finished ${done} of ${throughputTasks}`);
      await sleep(5);
    }
    return throughputTasks / ((performance.now() - started) / 1000);
  } finally {
    await jobs.stop();
  }
}

console.log(
  `pipeline bench: ${perRow} tasks per row, delays ${delays.map((d) => `${d / 1000} s`).join(' and ')}; ${availableParallelism()} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const delayMs of delays) for (const mode of modes) await runRow(delayMs, mode);
const { perSecond, bare } = await pipelineThroughput();
console.log(
  `throughput (one worker, zero-delay provider, ${throughputTasks} tasks from ${SUBMITTERS} submitters): ${perSecond.toFixed(1)} tasks/s; bare pg-boss ${bare.toFixed(1)} jobs/s; ratio ${(perSecond / bare).toFixed(2)}x`,
);
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
process.exit(0);
