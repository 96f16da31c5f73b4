// The task list's current pages in memory, so an unchanged list answers without a query: its ETag for a 304, and
// for the most recent pages the answer's JSON itself. A user's entries stand only while no notification about their
// tasks came in since they were read, and the window's total has not moved.
import { LRUCache } from 'lru-cache';
import type { Change } from '../../../db/changes.ts';
import { NotifiedCache } from '../../../db/notified-cache.ts';
import type { KeptJson } from '../../../http/kept-json.ts';
import { windowChangesAt } from './image-task.repository.ts';

/** Enough for every signed-in user's few polled pages; past it the oldest entries go. */
const MAX_ENTRIES = 20_000;
/**
 * Answers kept whole (a 16-task page is ~12 KB, its compressed forms a few KB more): past it the oldest go; their
 * ETags stay.
 */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

declare module '../../../http/context.ts' {
  interface AppServices {
    /** The task list's pages (answering from memory only while a server's notifications keep it current). */
    taskLists?: TaskListCache;
  }
}

interface Entry {
  etag: string;
  version: number;
  /** When the window's oldest task leaves it (ms), or Infinity for an empty window. */
  until: number;
}

/** A page's answer, serialized (with its compressed forms once sent so), with the ETag it was read under. */
interface Body {
  etag: string;
  answer: KeptJson;
}

export class TaskListCache extends NotifiedCache {
  /** Per user, the generation of the last change heard; users not in it are at `#base`. */
  readonly #versions = new Map<string, number>();
  readonly #entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  readonly #bodies = new LRUCache<string, Body>({ maxSize: MAX_BODY_BYTES, sizeCalculation: (body) => body.answer.json.length });
  #base = 0;

  /** The user's version now, to be read before the query whose answer `store` keeps; undefined when not listening. */
  version(userId: string): number | undefined {
    if (!this.current) return undefined;
    return this.#versions.get(userId) ?? this.#base;
  }

  /** The current ETag of a page, when nothing has changed since it was read. */
  etag(userId: string, page: string, now: number): string | undefined {
    if (!this.current) return undefined;
    const key = `${userId} ${page}`;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.version(userId) || now >= entry.until) {
      this.#entries.delete(key);
      this.#bodies.delete(key);
      return undefined;
    }
    return entry.etag;
  }

  /** The current answer of a page (its JSON and ETag), when nothing has changed since it was read. */
  answer(userId: string, page: string, now: number): Body | undefined {
    const etag = this.etag(userId, page, now);
    const body = etag ? this.#bodies.get(`${userId} ${page}`) : undefined;
    return body?.etag === etag ? body : undefined;
  }

  /**
   * Keeps a page's ETag (and its answer, when given) read from the database, unless the user's tasks changed since
   * `version` was read.
   */
  store(
    userId: string,
    page: string,
    version: number | undefined,
    etag: string,
    oldest: Date | null,
    days: number,
    answer?: KeptJson,
  ): void {
    if (version === undefined || version !== this.version(userId)) return;
    const key = `${userId} ${page}`;
    this.#entries.set(key, { etag, version, until: windowChangesAt(oldest, days) ?? Number.POSITIVE_INFINITY });
    if (answer === undefined) return;
    this.#bodies.set(key, { etag, answer });
  }

  change(message: Change): void {
    if ((message.k === 'task' || message.k === 'tasks') && message.u) {
      this.#versions.set(message.u, this.bump());
      if (this.#versions.size > MAX_ENTRIES) {
        this.bump();
        this.clear();
      }
    }
  }

  /** Forgets everything; versions read before no longer match anything. */
  protected clear(): void {
    this.#versions.clear();
    this.#entries.clear();
    this.#bodies.clear();
    this.#base = this.generation;
  }
}
