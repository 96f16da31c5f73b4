// One LISTEN per process on channel `live_events`: pg's own Client on PostgreSQL (a pooled connection cannot hold
// a LISTEN), PGlite's listen on the embedded database (one process, one connection).
import pg from 'pg';
import type { Logger } from 'pino';
import { connectTimeoutOf, type Orm } from '../../db/orm.ts';

export const LIVE_CHANNEL = 'live_events';
/** The listening connections' `application_name`: a fence counts them to know how many processes must answer. */
export const LISTENER_NAME = 'live-listener';

export interface ListenerHooks {
  /** A notification's payload (JSON text). */
  onMessage(payload: string): void;
  /** The connection dropped: notifications may have been missed until it is back. */
  onLost(): void;
  /** Listening again after a loss (anything that changed meanwhile was not heard). */
  onRestored(): void;
}

/** Starts listening; resolves once the LISTEN is in place. The returned function stops it. */
export async function listenLive(orm: Orm, hooks: ListenerHooks, logger: Logger): Promise<() => Promise<void>> {
  const connection: unknown = orm.em.getConnection();
  const { PgliteConnection } = await import('@mikro-orm/pglite');
  if (connection instanceof PgliteConnection) {
    const db = await connection.getNativeClient();
    const unlisten = await db.listen(LIVE_CHANNEL, hooks.onMessage);
    return unlisten;
  }
  return listenPostgres(orm.config.get('clientUrl') as string, connectTimeoutOf(orm), hooks, logger);
}

async function listenPostgres(
  connectionString: string,
  connectTimeoutMs: number,
  hooks: ListenerHooks,
  logger: Logger,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 500;

  const connect = async (): Promise<void> => {
    // Bounded as the ORM's own connections are: a database that never answers fails this attempt, and the next one
    // is scheduled, instead of leaving the caches unsure of what they heard for good.
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: LISTENER_NAME,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    next.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) hooks.onMessage(message.payload);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'live listener connection lost');
      next.end().catch(() => {});
      if (client !== next || stopped) return;
      client = undefined;
      hooks.onLost();
      schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${LIVE_CHANNEL}`);
    client = next;
    delayMs = 500;
  };
  const schedule = () => {
    retry = setTimeout(() => {
      connect().then(hooks.onRestored, (error: unknown) => {
        logger.warn({ err: error }, 'live listener reconnect failed');
        delayMs = Math.min(delayMs * 2, 10_000);
        if (!stopped) schedule();
      });
    }, delayMs);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
