// One chaos run: the cluster, the users and the faults for `seconds`, then a drain (every task ended, every
// webhook through) and the checks.
import pg from 'pg';
import { listBucket } from './bucket-listing.ts';
import { type Check, runChecks } from './checks.ts';
import { type ChaosCluster, startChaosCluster, UNREFERENCED_GRACE_SECONDS } from './cluster.ts';
import { planFaults, runFaults } from './faults.ts';
import { Client } from './http.ts';
import { newJournal, noteRecoveries } from './journal.ts';
import { PROVIDER_TOKEN } from './provider.ts';
import { seeded } from './random.ts';
import { startWebhookReceiver } from './receiver.ts';
import { renderReport } from './table.ts';
import { runUser, type World } from './users.ts';

export interface ChaosOptions {
  seconds: number;
  users: number;
  seed: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface ChaosResult {
  ok: boolean;
  checks: Check[];
  report: string;
  durationMs: number;
}

/** A fault's own 5xx may come this long after it ended; also the recovery bound. */
const RECOVERY_MS = 10_000;
/** Time-limit (30 s) + one sweep (a minute) + slack: nothing may still be running after this. */
const DRAIN_MS = 150_000;

async function configure(cluster: ChaosCluster) {
  const admin = await cluster.createAdmin();
  const client = new Client(cluster.proxy.url, newJournal(), 'admin');
  const login = await client.call('POST', '/api/auth/login', { body: admin });
  const cookie = login.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`admin sign-in answered ${login.status} ${login.text}`);
  const settings = await client.call('PUT', '/api/admin/settings', { cookie, body: { startCredits: 10 } });
  const pack = await client.call('POST', '/api/admin/credit-packages', { cookie, body: { name: 'Chaos pack', credits: 30, price: 5 } });
  // Tasks go to the KIE fake (the sandbox provider is used only while no KIE account exists).
  const account = await client.call('POST', '/api/admin/kie-apis', {
    cookie,
    body: { name: 'chaos', token: PROVIDER_TOKEN, totalCredits: 1_000_000_000, nanoBananaCredits: 1, nanoBananaEditCredits: 1 },
  });
  if (settings.status !== 200 || pack.status !== 201 || account.status !== 201)
    throw new Error(`admin set-up answered ${settings.status}, ${pack.status}, ${account.status}: ${pack.text} ${account.text}`);
}

/** Polls until no task is pending or generating and every webhook is delivered or given up. */
async function drain(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const deadline = Date.now() + DRAIN_MS;
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    while (Date.now() < deadline) {
      const { rows } = await sql.query<{ running: number; waiting: number }>(
        `select (select count(*) from image_tasks where status in ('pending', 'generating'))::int as running,
                (select count(*) from webhook_deliveries where state = 'waiting')::int as waiting`,
      );
      const { running, waiting } = rows[0] ?? { running: 0, waiting: 0 };
      if (running === 0 && waiting === 0) return;
      log(`drain: ${running} tasks running, ${waiting} webhooks waiting`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const { rows } = await sql.query(
      `select d.id, d.event, d.state, d.attempt, d.status_code, d.error, d.next_attempt_at, d.created_at,
              (select json_agg(json_build_object('state', j.state, 'start', j.start_after)) from pgboss.job j where j.data->>'id' = d.id::text) as jobs
         from webhook_deliveries d where d.state = 'waiting'`,
    );
    for (const row of rows) log(`still waiting: ${JSON.stringify(row)}`);
  } finally {
    await sql.end();
  }
}

/** No process needed a restart to come back: each is ready and holds its LISTEN connection again. */
async function processesBack(cluster: ChaosCluster): Promise<Check> {
  const apps = [...cluster.webs, ...cluster.workers];
  const notReady: string[] = [];
  for (const app of apps) {
    const status = await fetch(`${app.url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status !== 200) notReady.push(`${app.name} ${status}`);
  }
  const sql = new pg.Client({ connectionString: cluster.postgres.url });
  await sql.connect();
  const { rows } = await sql
    .query<{ listeners: number }>(`select count(*)::int as listeners from pg_stat_activity where application_name = 'live-listener'`)
    .finally(() => sql.end());
  const listeners = rows[0]?.listeners ?? 0;
  if (listeners !== apps.length) notReady.push(`${listeners} LISTEN connections for ${apps.length} processes`);
  return {
    name: 'every process ready and listening, none restarted',
    ok: notReady.length === 0,
    detail: notReady.length ? notReady.join('; ') : `${apps.length} processes`,
  };
}

export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const log = options.log ?? (() => undefined);
  const random = seeded(options.seed);
  const t0 = Date.now();
  const cluster = await startChaosCluster();
  try {
    log(`cluster up in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${cluster.proxy.url}`);
    await configure(cluster);
    const journal = newJournal();
    const receiver = await startWebhookReceiver(random.fork('receiver'));
    const stopping = new AbortController();
    const world: World = { base: cluster.proxy.url, journal, webhookUrl: receiver.url, approvedOrders: [], stop: stopping.signal };
    const start = Date.now();
    const users = Array.from({ length: options.users }, (_, n) =>
      runUser(world, `chaos_user_${options.seed}_${n}`, random.fork(`user${n}`)),
    );
    const plan = planFaults(random.fork('faults'), options.seconds);
    log(`faults: ${plan.map((fault) => fault.kind).join(', ')}`);
    const faults = runFaults(cluster, plan, random.fork('fault-draws'), journal, stopping.signal).then(
      () => log('faults done'),
      (error: unknown) => {
        log(`a fault could not be carried out: ${String(error)}`);
        throw error;
      },
    );
    // Users go on until the time is up and the last fault is over plus its recovery time.
    await Promise.all([new Promise((resolve) => setTimeout(resolve, options.seconds * 1000)), faults.catch(() => undefined)]);
    await new Promise((resolve) => setTimeout(resolve, RECOVERY_MS));
    stopping.abort();
    const userErrors = (await Promise.allSettled(users)).filter((outcome) => outcome.status === 'rejected');
    await faults;
    log(`users stopped after ${((Date.now() - start) / 1000).toFixed(1)} s, ${journal.calls.length} requests`);
    const usersStopped = Date.now();
    receiver.behave();
    await drain(cluster.postgres.url, log);
    // The clean-up sweep, once every file the users' requests stored is past its grace period (the drain usually
    // outlasts it): whatever no row names by then, nothing will. A result a task stores while it drains is named by
    // its task once completed, and deleted with the failure when the time limit ends it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, usersStopped + UNREFERENCED_GRACE_SECONDS * 1000 - Date.now())));
    log(`sweep: ${(await cluster.sweepUnreferencedFiles()).trim().split('\n').join('; ')}`);
    noteRecoveries(journal);
    const checks = await runChecks({
      databaseUrl: cluster.postgres.url,
      publicUrl: cluster.proxy.url,
      journal,
      receiver,
      approvedOrders: world.approvedOrders,
      bucket: await listBucket(cluster.s3),
      recoveryMs: RECOVERY_MS,
    });
    checks.push(await processesBack(cluster));
    checks.push({
      name: 'every user ran to the end',
      ok: userErrors.length === 0,
      detail: userErrors.length
        ? userErrors.map((outcome) => String((outcome as PromiseRejectedResult).reason)).join('; ')
        : `${options.users} users`,
    });
    await receiver.close();
    const report = renderReport(journal, checks, start, cluster.serverErrors);
    return { ok: checks.every((item) => item.ok), checks, report, durationMs: Date.now() - t0 };
  } finally {
    await cluster.close();
  }
}
