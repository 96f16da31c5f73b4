// The task list's current ETags in memory, so an unchanged list answers 304 without a query. A user's entries stand
// only while no notification about their tasks came in since they were read, and the window's total has not moved.
import type { Change, ChangeWatcher } from '../../../db/changes.ts';
import { windowChangesAt } from './image-task.repository.ts';

/** Enough for every signed-in user's few polled pages; past it the oldest entries go. */
const MAX_ENTRIES = 20_000;

declare module '../../../http/context.ts' {
  interface AppServices {
    /** The task list's ETags (answering from memory only while a server's notifications keep it current). */
    taskLists?: TaskListCache;
  }
}

interface Entry {
  userId: string;
  etag: string;
  version: number;
  /** When the window's oldest task leaves it (ms), or Infinity for an empty window. */
  until: number;
}

export class TaskListCache implements ChangeWatcher {
  /** Per user, the clock value of the last change heard; users not in it are at `#base`. */
  readonly #versions = new Map<string, number>();
  readonly #entries = new Map<string, Entry>();
  #clock = 0;
  #base = 0;
  #listening = false;

  /** The user's version now, to be read before the query whose answer `store` keeps; undefined when not listening. */
  version(userId: string): number | undefined {
    if (!this.#listening) return undefined;
    return this.#versions.get(userId) ?? this.#base;
  }

  /** The current ETag of a page, when nothing has changed since it was read. */
  etag(userId: string, page: string, now: number): string | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#entries.get(`${userId} ${page}`);
    if (!entry) return undefined;
    if (entry.version !== this.version(userId) || now >= entry.until) {
      this.#entries.delete(`${userId} ${page}`);
      return undefined;
    }
    return entry.etag;
  }

  /** Keeps a page's ETag read from the database, unless the user's tasks changed since `version` was read. */
  store(userId: string, page: string, version: number | undefined, etag: string, oldest: Date | null, days: number): void {
    if (version === undefined || version !== this.version(userId)) return;
    const key = `${userId} ${page}`;
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value ?? '');
    this.#entries.set(key, { userId, etag, version, until: windowChangesAt(oldest, days) ?? Number.POSITIVE_INFINITY });
  }

  change(message: Change): void {
    if ((message.k === 'task' || message.k === 'tasks') && message.u) {
      this.#versions.set(message.u, ++this.#clock);
      if (this.#versions.size > MAX_ENTRIES) this.#reset();
    }
  }

  lost(): void {
    this.#listening = false;
    this.#reset();
  }

  listening(): void {
    this.#reset();
    this.#listening = true;
  }

  /** Forgets everything; versions read before no longer match anything. */
  #reset(): void {
    this.#versions.clear();
    this.#entries.clear();
    this.#base = ++this.#clock;
  }
}
