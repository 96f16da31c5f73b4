// The cluster as scripts/cluster starts it (compose.yaml's environments, `node api/src/server.ts` processes, the
// round-robin proxy, an s3rver bucket), on a PostgreSQL of its own and with the bucket behind a gate the run can cut.
import { randomBytes } from 'node:crypto';
import { startTestS3, type TestS3 } from '@app/api/testing/s3';
import { readCompose, serviceEnvironment, servicesWithRole } from '../cluster/compose.ts';
import { type AppProcess, runScript, startApp } from '../cluster/processes.ts';
import { type RoundRobinProxy, startProxy } from '../cluster/proxy.ts';
import { type BucketGate, startBucketGate } from './bucket-gate.ts';
import { type ChaosPostgres, startChaosPostgres } from './postgres.ts';
import { type ChaosProvider, startChaosProvider } from './provider.ts';

/** Far beyond a store-to-commit path under the run's load, short enough to sweep at the run's end. */
export const UNREFERENCED_GRACE_SECONDS = 30;

/** The run's pace, beyond the recipe: quick sandbox tasks, quick polling, a short task time limit. */
const CHAOS_SETTINGS = {
  // The processes' start is read from their `listening` line.
  LOG_LEVEL: 'info',
  SANDBOX_DELAY_MS: '1500',
  STUDIO_POLL_MIN_SECONDS: '0.3',
  STUDIO_POLL_MAX_SECONDS: '1',
  STUDIO_TASK_TIMEOUT_SECONDS: '30',
  JOBS_CRON_INTERVAL_SECONDS: '1',
  SHUTDOWN_TIMEOUT_MS: '8000',
  // Every simulated user comes from 127.0.0.1: a per-address budget here is every user's at once, and a sign-up
  // stampede's retries (each 429 a person waits out is an attempt) spent 1,000 in the long run.
  REGISTER_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_USERNAME: '1000',
  AUTOMATION_RATE_LIMIT_PER_MINUTE: '1000',
  PAYMENT_SANDBOX: 'on',
  // The webhook receiver listens on 127.0.0.1.
  CALLBACK_ALLOWED_NETWORKS: '127.0.0.1',
  // Files no row names are swept once this old (the run sweeps after its users stop and this long has passed).
  STUDIO_UNREFERENCED_FILES_GRACE_SECONDS: String(UNREFERENCED_GRACE_SECONDS),
  // Refuse new tasks (503 studio_busy) beyond this many waiting to start: about what two workers start within the
  // 30 s time limit on a busy two-core machine.
  STUDIO_MAX_WAITING_TASKS: '40',
  // One KIE account carries every user's tasks: its status calls are not the bottleneck under test.
  KIE_STATUS_CALLS_PER_10_SECONDS: '1000',
};

export interface ChaosCluster {
  proxy: RoundRobinProxy;
  postgres: ChaosPostgres;
  bucket: BucketGate;
  s3: TestS3;
  provider: ChaosProvider;
  /** The key provider callbacks are signed with (KIE_WEBHOOK_HMAC_KEY; the sandbox provider signs its own with it). */
  callbackKey: string;
  /** The web processes the proxy sends to (replaced in place on restarts). */
  webs: AppProcess[];
  workers: AppProcess[];
  /** Starts a fresh process of a service and waits for /readyz 200. */
  startWeb(): Promise<AppProcess>;
  startWorker(): Promise<AppProcess>;
  /** Runs the admin script once; its credentials. */
  createAdmin(): Promise<{ username: string; password: string }>;
  /** The processes' error log lines (pino level 50 and up) counted by message, so the report can name what a 500 was. */
  serverErrors: Map<string, number>;
  /** Runs the unreferenced-files sweep now (the workers run it hourly); its output. */
  sweepUnreferencedFiles(): Promise<string>;
  close(): Promise<void>;
}

/** Generous: CI runs this beside every other test project on two cores. */
const START_TIMEOUT_MS = 120_000;

async function ready(app: AppProcess, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(`${app.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${app.name} was not ready within ${timeoutMs} ms\n${app.output()}`);
}

export async function startChaosCluster(): Promise<ChaosCluster> {
  const compose = readCompose();
  const [webService] = servicesWithRole(compose, 'web');
  const [workerService] = servicesWithRole(compose, 'worker');
  if (!webService || !workerService) throw new Error('compose.yaml has no web or worker service');
  const variables = {
    NODE_ENV: 'development',
    SECRET_KEY: randomBytes(32).toString('hex'),
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const callbackKey = randomBytes(24).toString('hex');
  const postgres = await startChaosPostgres();
  const s3 = await startTestS3(serviceEnvironment(compose, workerService, variables).S3_BUCKET);
  const bucket = await startBucketGate(s3.endpoint);
  const webs: AppProcess[] = [];
  const workers: AppProcess[] = [];
  const proxy = await startProxy(() => webs.map((web) => web.url));
  const provider = await startChaosProvider(s3, () => proxy.url, callbackKey);
  const environmentOf = (service: string) => ({
    ...serviceEnvironment(compose, service, variables),
    ...CHAOS_SETTINGS,
    DATABASE_URL: postgres.url,
    S3_ENDPOINT: bucket.endpoint,
    PUBLIC_URL: proxy.url,
    KIE_WEBHOOK_HMAC_KEY: callbackKey,
    KIE_BASE_URL: provider.kie.url,
  });
  let count = 0;
  const serverErrors = new Map<string, number>();
  const tally = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.includes('"level":5') && !line.includes('"level":6')) continue;
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string } };
        const what = `${entry.msg ?? ''}${entry.err ? `: ${entry.err.type ?? ''} ${entry.err.message ?? ''}` : ''}`.slice(0, 160);
        serverErrors.set(what, (serverErrors.get(what) ?? 0) + 1);
      } catch {
        // not a whole log line
      }
    }
  };
  const start = async (service: string) => {
    const app = await startApp(`${service}#${++count}`, environmentOf(service), START_TIMEOUT_MS);
    app.child.stdout?.on('data', tally);
    app.child.stderr?.on('data', tally);
    await ready(app);
    return app;
  };
  const cluster: ChaosCluster = {
    proxy,
    postgres,
    bucket,
    s3,
    provider,
    callbackKey,
    webs,
    workers,
    serverErrors,
    startWeb: () => start(webService),
    startWorker: () => start(workerService),
    async createAdmin() {
      const admin = { username: 'chaos_admin', password: 'chaos-admin-password' };
      await runScript(['api/scripts/create-admin.ts', admin.username, admin.password], environmentOf(workerService));
      return admin;
    },
    sweepUnreferencedFiles: () => runScript(['api/scripts/sweep-unreferenced-files.ts'], environmentOf(workerService)),
    async close() {
      await proxy.close();
      await Promise.all([...webs, ...workers].map((app) => app.stop(3000)));
      await provider.close();
      await bucket.close();
      await s3.close();
      await postgres.close();
    },
  };
  try {
    // The first process migrates; the others then start on the migrated schema.
    webs.push(await cluster.startWeb());
    const rest = await Promise.all([cluster.startWeb(), cluster.startWorker(), cluster.startWorker()]);
    webs.push(rest[0]);
    workers.push(rest[1], rest[2]);
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}
