// The process's open event streams: one LISTEN connection fans each notification out to the streams of its user.
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { Change, ChangeFeed, ChangeWatcher } from '../../db/changes.ts';
import type { Orm } from '../../db/orm.ts';
import { touchSessionsSeen } from '../auth/index.ts';
import { deleteEventsBefore, findEventsSince, isUsersEvent } from './event.repository.ts';
import { LISTENER_NAME, LIVE_CHANNEL, listenLive } from './listener.ts';
import { eventFor, loadTaskEvents, type TaskChange, type TaskEvents, taskChangeOf } from './task-events.ts';

/** Comment lines this often keep proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** Events are kept this long for `Last-Event-ID` resumes; an older id gets `reset`. */
export const RETENTION_MS = 60 * 60_000;
/**
 * Ids come from a sequence taken inside each writing transaction, so two transactions of one user can commit out
 * of id order. A resume also replays what was written this long before the last id it names; events are
 * snapshots with a revision, so a repeat is harmless and a late commit is not lost.
 */
const RESUME_OVERLAP = '5 seconds';
/** Sessions with an open stream count as seen (like a polling tab did), at most this often. */
const TOUCH_INTERVAL_MS = 60_000;
/** A fence that has not come back by then is given up (the answer goes out anyway). */
const FENCE_TIMEOUT_MS = 2000;

export interface LiveHubOptions {
  logger: Logger;
  heartbeatMs?: number;
}

export interface OpenStream {
  userId: string;
  /** Hash of the session id: its deletion (sign-out, password change, disabled user) closes the stream. */
  sessionHash: string;
  /** When the session ends anyway (absolute expiry). */
  expiresAt: Date;
  /** `Last-Event-ID` of a reconnect. */
  lastEventId?: string;
}

interface Stream extends OpenStream {
  out: PassThrough;
  /** Live events (ready to write) that came while the backlog was being read, written after it. */
  pending?: string[];
}

interface Message extends Change {
  u: string;
  /** A balance: the event itself; a task: which task changed (`TaskChange`), the event is built from its row. */
  d?: unknown;
  /** A fence's token (see `fence`). */
  f?: string;
}

/** Hears every task change committed anywhere in the cluster (see `LiveHub.onTaskChanged`). */
export type TaskChangeListener = (change: TaskChange) => void;

/** A fence in flight: the acks heard, how many processes listen (unknown until the NOTIFY's statement answered). */
interface Fence {
  acks: number;
  expected: number;
  done: () => void;
}

/** One server-sent event (`id`, `event`, `data`), ready to write. */
/** How long a burst of list changes is gathered into one `reset`. */
const RESET_COALESCE_MS = 50;

export function formatEvent(id: string, kind: string, data: unknown): string {
  return `id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class LiveHub implements ChangeFeed {
  readonly #orm: Orm;
  readonly #logger: Logger;
  readonly #byUser = new Map<string, Set<Stream>>();
  readonly #bySession = new Map<string, Set<Stream>>();
  /** Users whose tabs get a `reset` shortly (see `#listsChanged`). */
  readonly #resetDue = new Set<string>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #watchers = new Set<ChangeWatcher>();
  readonly #fences = new Map<string, Fence>();
  readonly #taskListeners = new Set<TaskChangeListener>();
  /** Events for this process's streams, in the order heard, waiting for their tasks' rows (see `#drain`). */
  #outbox: Message[] = [];
  #draining = false;
  #listening = false;
  #unlisten?: () => Promise<void>;
  #lastTouch = 0;
  #closed = false;

  private constructor(orm: Orm, options: LiveHubOptions) {
    this.#orm = orm;
    this.#logger = options.logger;
    const heartbeat = setInterval(() => this.#heartbeat(), options.heartbeatMs ?? HEARTBEAT_MS);
    const prune = setInterval(() => this.#prune(), 5 * 60_000);
    heartbeat.unref();
    prune.unref();
    this.#timers.push(heartbeat, prune);
  }

  /** Starts the hub and its LISTEN connection. */
  static async open(orm: Orm, options: LiveHubOptions): Promise<LiveHub> {
    const hub = new LiveHub(orm, options);
    hub.#unlisten = await listenLive(
      orm,
      { onMessage: (payload) => hub.#receive(payload), onLost: () => hub.#lost(), onRestored: () => hub.#setListening() },
      options.logger,
    );
    hub.#setListening();
    return hub;
  }

  /** Open streams in this process. */
  get size(): number {
    let count = 0;
    for (const set of this.#byUser.values()) count += set.size;
    return count;
  }

  /** Registers a stream, replays what a resume missed, and returns the body to send. */
  async open(request: OpenStream): Promise<PassThrough> {
    const out = new PassThrough();
    const stream: Stream = { ...request, out, pending: [] };
    add(this.#byUser, stream.userId, stream);
    add(this.#bySession, stream.sessionHash, stream);
    out.once('close', () => this.#remove(stream));
    // Reconnect after 3 s; the first bytes also make every proxy pass the headers on at once.
    out.write('retry: 3000\n: open\n\n');
    try {
      if (request.lastEventId) await this.#replay(stream, request.lastEventId);
    } finally {
      const pending = stream.pending ?? [];
      stream.pending = undefined;
      for (const text of pending) if (!out.writableEnded) out.write(text);
    }
    return out;
  }

  /**
   * The one place a process hears that a task changed: called for every task change committed anywhere in the
   * cluster (the database's notification after the commit, whoever wrote it), before any stream gets its event.
   * Listeners run synchronously on the notification and must not block: read what you need asynchronously. Nothing
   * is heard while the listening connection is down (caches forget, streams reconnect), so a waiter also needs a
   * deadline of its own. Returns the unsubscribe.
   */
  onTaskChanged(listener: TaskChangeListener): () => void {
    this.#taskListeners.add(listener);
    return () => this.#taskListeners.delete(listener);
  }

  watch(watcher: ChangeWatcher): () => void {
    this.#watchers.add(watcher);
    if (this.#listening) watcher.listening();
    return () => {
      this.#watchers.delete(watcher);
      watcher.lost();
    };
  }

  /**
   * Every listening process (this one included) answers a fence with an `ack` once it handled it, and so everything
   * committed before it: when they all did, a revocation holds everywhere. The listeners are counted by their
   * connections' name in the same statement as the NOTIFY.
   */
  async fence(): Promise<void> {
    if (!this.#listening) return;
    const token = randomUUID();
    const fence: Fence = { acks: 0, expected: Number.POSITIVE_INFINITY, done: () => {} };
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      fence.done = resolve;
      timer = setTimeout(resolve, FENCE_TIMEOUT_MS);
    });
    this.#fences.set(token, fence);
    try {
      const [row] = await this.#em().execute<{ listeners: number | string }[]>(
        `select pg_notify(?, ?), (select count(*) from pg_stat_activity where application_name = ? and datname = current_database()) as "listeners"`,
        [LIVE_CHANNEL, JSON.stringify({ k: 'fence', f: token }), LISTENER_NAME],
      );
      // The embedded database has one process and no named listener connection: its own answer is enough.
      fence.expected = Math.max(1, Number(row?.listeners ?? 1));
      if (fence.acks >= fence.expected) fence.done();
      await heard;
    } finally {
      clearTimeout(timer);
      this.#fences.delete(token);
    }
  }

  #answerFence(token: string): void {
    this.#em()
      .execute('select pg_notify(?, ?)', [LIVE_CHANNEL, JSON.stringify({ k: 'ack', f: token })])
      .catch((error: unknown) => this.#logger.warn({ err: error }, 'fence not answered'));
  }

  #acknowledged(token: string): void {
    const fence = this.#fences.get(token);
    if (!fence) return;
    fence.acks++;
    if (fence.acks >= fence.expected) fence.done();
  }

  /** Ends every stream and stops listening (before the HTTP server waits for open requests). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#lost();
    await this.#unlisten?.();
  }

  #setListening(): void {
    if (this.#closed) return;
    this.#listening = true;
    for (const watcher of this.#watchers) watcher.listening();
  }

  /** The listening connection dropped (or the hub closed): caches stop answering, streams end. */
  #lost(): void {
    this.#listening = false;
    this.#outbox = [];
    for (const watcher of this.#watchers) watcher.lost();
    for (const fence of this.#fences.values()) fence.done();
    this.#endAll();
  }

  async #replay(stream: Stream, lastEventId: string): Promise<void> {
    const em = this.#em();
    if (!(await isUsersEvent(em, lastEventId, stream.userId))) {
      // Too old (pruned) or not ours: nothing can be replayed reliably, the client refetches.
      stream.out.write(formatEvent(lastEventId, 'reset', {}));
      return;
    }
    const rows = await findEventsSince(em, stream.userId, lastEventId, RESUME_OVERLAP);
    const changes = rows.map((row) => (row.kind === 'task' ? taskChangeOf(stream.userId, row.data) : undefined));
    // A task's event is its current state: only its last event of the backlog is sent, built once.
    const last = new Map(changes.flatMap((change, index) => (change ? [[change.id, index] as const] : [])));
    const tasks = await loadTaskEvents(em, [...last.keys()]);
    rows.forEach((row, index) => {
      const change = changes[index];
      if (row.kind === 'task' && (!change || last.get(change.id) !== index)) return;
      const data = change ? eventFor(tasks, change) : row.data;
      if (data !== undefined) stream.out.write(formatEvent(String(row.id), row.kind, data));
    });
  }

  #receive(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    // Everything notified before a fence was handled above (notifications arrive in commit order).
    if (message.k === 'fence') {
      if (this.#listening) this.#answerFence(message.f ?? '');
      return;
    }
    if (message.k === 'ack') {
      this.#acknowledged(message.f ?? '');
      return;
    }
    for (const watcher of this.#watchers) watcher.change(message);
    if (message.k === 'session_end') {
      for (const stream of this.#bySession.get(message.s ?? '') ?? []) stream.out.end();
      return;
    }
    if (message.k === 'task') this.#taskChanged(message);
    if (message.k === 'tasks') this.#listsChanged(message.u);
    // Only tasks and balances are sent to browsers; the other kinds are for the caches.
    if (message.k !== 'task' && message.k !== 'balance') return;
    if (!message.id || !this.#byUser.get(message.u)?.size) return;
    this.#outbox.push(message);
    if (!this.#draining) {
      this.#draining = true;
      // After the notifications that arrived together: they share one load.
      queueMicrotask(() => this.#drain().catch((error: unknown) => this.#logger.warn({ err: error }, 'live events lost')));
    }
  }

  /**
   * A task left the user's lists (deleted): no task event can say so, so the user's tabs get a `reset` (read your
   * lists again), without an id so a resume is unaffected; one per user for a burst (a bulk delete notifies per row).
   */
  #listsChanged(userId: string): void {
    if (!this.#byUser.get(userId)?.size || this.#resetDue.has(userId)) return;
    this.#resetDue.add(userId);
    setTimeout(() => {
      this.#resetDue.delete(userId);
      this.#send(userId, 'event: reset\ndata: {}\n\n');
    }, RESET_COALESCE_MS).unref();
  }

  #taskChanged(message: Message): void {
    const change = taskChangeOf(message.u, message.d);
    if (!change) return;
    for (const listener of this.#taskListeners) {
      try {
        listener(change);
      } catch (error) {
        this.#logger.error({ err: error }, 'a task change listener failed');
      }
    }
  }

  /**
   * Sends the outbox in the order heard, a batch at a time: the rows of a batch's tasks are read in one query, and
   * what is heard meanwhile waits for the next batch, so many changes cost few queries. When the rows cannot be read,
   * the batch's streams are ended: their browsers reconnect with `Last-Event-ID` and get the events then.
   */
  async #drain(): Promise<void> {
    try {
      while (this.#outbox.length) {
        const batch = this.#outbox;
        this.#outbox = [];
        const changes = batch.map((message) => (message.k === 'task' ? taskChangeOf(message.u, message.d) : undefined));
        let tasks: TaskEvents;
        try {
          tasks = await loadTaskEvents(
            this.#em(),
            changes.flatMap((change) => (change ? [change.id] : [])),
          );
        } catch (error) {
          this.#logger.warn({ err: error }, 'live task events not read; their streams reconnect');
          for (const message of batch) for (const stream of this.#byUser.get(message.u) ?? []) stream.out.end();
          continue;
        }
        batch.forEach((message, index) => {
          const change = changes[index];
          const data = message.k === 'task' ? change && eventFor(tasks, change) : message.d;
          if (data !== undefined && message.id) this.#send(message.u, formatEvent(message.id, message.k, data));
        });
      }
    } finally {
      this.#draining = false;
    }
  }

  #send(userId: string, text: string): void {
    for (const stream of this.#byUser.get(userId) ?? []) {
      if (stream.pending) stream.pending.push(text);
      else if (!stream.out.writableEnded) stream.out.write(text);
    }
  }

  #heartbeat(): void {
    const now = Date.now();
    const hashes: string[] = [];
    for (const set of this.#bySession.values()) {
      for (const stream of set) {
        if (stream.expiresAt.getTime() <= now) stream.out.end();
        else {
          stream.out.write(': ping\n\n');
          hashes.push(stream.sessionHash);
        }
      }
    }
    if (!hashes.length || now - this.#lastTouch < TOUCH_INTERVAL_MS) return;
    this.#lastTouch = now;
    const seen = new Date(now);
    const before = new Date(now - TOUCH_INTERVAL_MS);
    touchSessionsSeen(this.#em(), [...new Set(hashes)], seen, before).catch((error: unknown) =>
      this.#logger.warn({ err: error }, 'live sessions not touched'),
    );
  }

  #prune(): void {
    deleteEventsBefore(this.#em(), new Date(Date.now() - RETENTION_MS)).catch((error: unknown) =>
      this.#logger.warn({ err: error }, 'live events not pruned'),
    );
  }

  /** Ends every stream: clients reconnect with their `Last-Event-ID` and miss nothing. */
  #endAll(): void {
    for (const set of this.#byUser.values()) for (const stream of set) stream.out.end();
  }

  #remove(stream: Stream): void {
    remove(this.#byUser, stream.userId, stream);
    remove(this.#bySession, stream.sessionHash, stream);
  }

  #em(): SqlEntityManager {
    return this.#orm.em.fork();
  }
}

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function remove<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (!set.size) map.delete(key);
}
