// The composition root: config, database (with every module's entities), migrations, seeds, the modules'
// processes, the app, listen, graceful stop.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { type App, type AppDeps, createApp, watchCaches } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { useSecretKey } from './crypto/secret-box.ts';
import { createOrm, type DatabaseTarget, databaseTarget, migrate, type Orm } from './db/orm.ts';
import { answerClientErrors } from './http/client-error.ts';
import type { AppServices } from './http/context.ts';
import { RateLimitStore } from './http/rate-limit.ts';
import { closeGracefully } from './http/shutdown.ts';
import { type Jobs, openJobs } from './jobs/boss.ts';
import { createLogger } from './logger.ts';
import { entities, processes, seeds, startHooks } from './modules/index.ts';
import { LiveHub } from './modules/live/index.ts';
import type { ModuleProcess, ProcessContext } from './modules/module.ts';
import { SettingsCache } from './modules/settings/index.ts';
import type { StudioRuntime } from './modules/studio/index.ts';

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

/**
 * Opens the database, migrates, seeds, builds the modules' processes and the app, listens, then starts the
 * processes. On any failure what was opened is closed again.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  const database = options.database ?? databaseTarget(config);
  // Before the database opens: encrypted settings columns read and write with this key.
  useSecretKey(config.secretKey);
  const orm = await createOrm(database, { entities, connectTimeoutMs: config.databaseConnectTimeoutMs });
  let listening: Server | undefined;
  let jobs: Jobs | undefined;
  let live: LiveHub | undefined;
  let rateLimits: RateLimitStore | undefined;
  const built: ModuleProcess[] = [];
  const stopProcesses = async () => {
    for (const running of built.toReversed()) await running.stop?.();
  };
  try {
    const applied = await migrate(orm);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    if (options.seed ?? database.kind === 'pglite') await runSeeds(orm);
    for (const hook of startHooks) await hook({ em: orm.em.fork(), config, logger, database });
    const runWorkers = config.role !== 'web';
    jobs = await openJobs(orm, { logger, runWorkers, cronIntervalSeconds: config.jobsCronIntervalSeconds });
    rateLimits = new RateLimitStore(config.databaseUrl, config.databaseConnectTimeoutMs);
    // Event streams: one LISTEN connection of this process fans the database's notifications out.
    live = await LiveHub.open(orm, { logger });
    const lifecycle = { draining: false };
    // One settings cache for the process: billing's pricing and the studio's prices read the same row.
    const settings = new SettingsCache();
    const services: ProcessContext['services'] = { config, orm, logger, jobs, rateLimits, settings, live, lifecycle };
    // Stored files are published under PUBLIC_URL, else under the address we listen on (read once files are stored).
    const publicUrl = () => config.publicUrl ?? publicOrigin(listening);
    for (const build of processes) built.push(await build({ config, orm, logger, jobs, publicUrl, services }));
    // Every module's process has added its services now.
    const app = createApp({
      services: services as AppServices,
      handlers: options.handlers,
      routes: options.routes,
      resolvePrincipal: options.resolvePrincipal,
    });
    watchCaches(app, live);
    // A request without Content-Length or Transfer-Encoding has no body (nearly every GET): Node skips its stream's
    // 'data', 'end' and 'close' events. Bodies are parsed only when a request announces one; streams end on `res`.
    const server = createServer({ optimizeEmptyRequests: true }, app.callback());
    listening = server;
    // Problems' `type` is absolute: PUBLIC_URL, else the address we listen on.
    answerClientErrors(server, publicUrl);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    // Job workers and schedules (where this process runs workers), in module order.
    for (const running of built) await running.start?.();
    const { studio } = app.context.services;
    const [openedJobs, openedLive, openedRateLimits] = [jobs, live, rateLimits];
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        try {
          lifecycle.draining = true;
          // No new connections from here on, so the streams ended next reconnect (with Last-Event-ID) on another
          // process; open streams never end by themselves, in-flight requests finish.
          const drained = closeGracefully(server, config.shutdownTimeoutMs);
          await openedLive.close();
          const { forced } = await drained;
          if (forced) logger.warn({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out; open connections were cut');
        } finally {
          // Jobs in hand finish (or are handed back when they expire) before the modules stop and the ORM closes.
          await openedJobs.stop(config.shutdownTimeoutMs);
          await stopProcesses();
          await openedRateLimits.close();
          await orm.close(true);
        }
      })();
      return closing;
    };
    return { url: publicOrigin(server), app, server, orm, logger, studio, jobs: openedJobs, live: openedLive, close };
  } catch (error) {
    listening?.close();
    await live?.close();
    await jobs?.stop(0);
    await stopProcesses().catch(() => undefined);
    await rateLimits?.close();
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
function publicOrigin(listening: Server | undefined): string {
  const bound = listening?.address() as AddressInfo | null | undefined;
  if (!bound) throw new Error('the server is not listening yet');
  const { address, port } = bound;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}
