// The process: config, database, migrations, seeds, app, listen, graceful stop.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { type App, type AppDeps, createApp, watchCaches } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { useSecretKey } from './crypto/secret-box.ts';
import { createOrm, type DatabaseTarget, databaseTarget, migrate, type Orm } from './db/orm.ts';
import { answerClientErrors } from './http/client-error.ts';
import { closeGracefully } from './http/shutdown.ts';
import { type Jobs, openJobs } from './jobs/boss.ts';
import { scheduleSweeps } from './jobs/sweeps.ts';
import { createLogger } from './logger.ts';
import { wireOperatorAlerts } from './modules/admin/notifications/operator-alerts.ts';
import { CallbackDeliveries, callbackFetchOptions } from './modules/automation/index.ts';
import { OperatorAlerts, useOperatorAlerts } from './modules/billing/index.ts';
import { seeds, startHooks } from './modules/index.ts';
import { LiveHub } from './modules/live/index.ts';
import { createStudioRuntime, type StudioRuntime } from './modules/studio/runtime.ts';

export interface StartOptions extends Pick<AppDeps, 'handlers' | 'routes' | 'resolvePrincipal'> {
  config: Config;
  /** Defaults to the config's database (DATABASE_URL, else PGlite under DATA_DIR). */
  database?: DatabaseTarget;
  /** Insert demo data when tables are empty; defaults to true only on the embedded PGlite on disk. */
  seed?: boolean;
  logger?: Logger;
}

export interface RunningServer {
  /** `http://host:port` actually bound (port 0 resolves to the real port). */
  url: string;
  app: App;
  server: Server;
  orm: Orm;
  logger: Logger;
  /** The image studio: storage, providers and its task jobs (worked on unless ROLE=web). */
  studio: StudioRuntime;
  /** Background jobs and schedules on pg-boss (workers run unless ROLE=web). */
  jobs: Jobs;
  /** The open event streams of this process (`GET /api/events`). */
  live: LiveHub;
  /** Graceful stop: no new connections, in-flight requests finish (up to the timeout), ORM closed. Idempotent. */
  close(): Promise<void>;
}

/** Runs the idempotent demo seeds of every module in one fresh EntityManager. */
export async function runSeeds(orm: Orm): Promise<void> {
  for (const seed of seeds) await seed(orm.em.fork());
}

/** Opens the database, migrates, seeds, builds the app and listens. On any failure the ORM is closed again. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  const database = options.database ?? databaseTarget(config);
  // Before the database opens: encrypted settings columns read and write with this key.
  useSecretKey(config.secretKey);
  const orm = await createOrm(database);
  let server: Server | undefined;
  let jobs: Jobs | undefined;
  let live: LiveHub | undefined;
  try {
    const applied = await migrate(orm);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    if (options.seed ?? database.kind === 'pglite') await runSeeds(orm);
    for (const hook of startHooks) await hook({ em: orm.em.fork(), config, logger, database });
    const runWorkers = config.role !== 'web';
    jobs = await openJobs(orm, { logger, runWorkers, cronIntervalSeconds: config.jobsCronIntervalSeconds });
    const app = createApp({
      config,
      orm,
      logger,
      handlers: options.handlers,
      routes: options.routes,
      resolvePrincipal: options.resolvePrincipal,
    });
    app.context.services.jobs = jobs;
    // Event streams: one LISTEN connection of this process fans the database's notifications out.
    live = await LiveHub.open(orm, { logger });
    app.context.services.live = live;
    watchCaches(app, live);
    const openedLive = live;
    const listening = createServer(app.callback());
    // Problems' `type` is absolute: PUBLIC_URL, else the address we listen on.
    answerClientErrors(listening, () => config.publicUrl ?? publicOrigin(listening));
    server = listening;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(config.port, config.host, () => resolve());
    });
    // Built once the address is known: stored files are published under PUBLIC_URL, else under this address.
    const studio = createStudioRuntime({
      config,
      orm,
      logger,
      publicUrl: config.publicUrl ?? publicOrigin(listening),
      rateLimits: app.context.services.rateLimits,
      jobs,
    });
    app.context.services.studio = studio;
    // Operator alerts (failed generations, low KIE credits, purchases) are pg-boss jobs sent to Telegram.
    const alerts = new OperatorAlerts(jobs, { orm, config, logger });
    await alerts.start();
    useOperatorAlerts(orm, alerts);
    wireOperatorAlerts(studio, { orm, config, logger });
    // Automation callbacks: signed POSTs queued in the transaction of the task transition they report.
    const { allowedNetworks, retryMs } = config.automationCallbacks;
    const fetchOptions = callbackFetchOptions(studio.fetchOptions, allowedNetworks);
    const callbacks = new CallbackDeliveries(jobs, { orm, logger, fetchOptions, retryMs });
    studio.onTransition(callbacks.afterTransition);
    await callbacks.start();
    app.context.services.callbacks = callbacks;
    // A web process (ROLE=web) serves and sends; workers run the background work.
    await studio.start();
    // Time limits, PayPal reconciliation, expired sessions: one run per occurrence across the cluster.
    await scheduleSweeps(jobs, { orm, config, logger, studio });
    const openedJobs = jobs;
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        try {
          // Open streams never end by themselves: end them first (clients reconnect elsewhere with Last-Event-ID).
          await openedLive.close();
          const { forced } = await closeGracefully(listening, config.shutdownTimeoutMs);
          if (forced) logger.warn({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out; open connections were cut');
        } finally {
          // Jobs in hand finish (or are handed back when they expire) before the ORM closes.
          await openedJobs.stop(config.shutdownTimeoutMs);
          await studio.stop();
          // Last: jobs stopped above may still have used the storage.
          studio.storage.close?.();
          await app.context.services.rateLimits.close();
          await orm.close(true);
        }
      })();
      return closing;
    };
    return { url: publicOrigin(listening), app, server: listening, orm, logger, studio, jobs: openedJobs, live: openedLive, close };
  } catch (error) {
    server?.close();
    await live?.close();
    await jobs?.stop(0);
    await orm.close(true);
    throw error;
  }
}

/** Entry point of `node api/src/server.ts`: prints the URL, stops gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  let running: RunningServer;
  try {
    running = await startServer({ config });
  } catch (error) {
    console.error('The API could not start:', error);
    process.exit(1);
  }
  const shown = config.publicUrl ?? running.url;
  running.logger.info({ url: running.url }, 'listening');
  console.log(`API listening on ${shown} (docs: ${shown}/api/docs)`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C means "now".
      process.exit(1);
    }
    stopping = true;
    running.logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        running.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.main) {
  await main();
}

/** `http://<address>:<port>` of a listening server (IPv6 in brackets). */
function publicOrigin(listening: Server): string {
  const { address, port } = listening.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}
