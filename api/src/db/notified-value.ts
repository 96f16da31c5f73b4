// One value read from the database and kept in memory until a notification of one of its kinds says it changed.
import type { Change } from './changes.ts';
import { NotifiedCache } from './notified-cache.ts';

export class NotifiedValue<T> extends NotifiedCache {
  readonly #kinds: ReadonlySet<string>;
  #value: { current: T } | undefined;

  /** `kinds`: the notification kinds that invalidate the value. */
  constructor(kinds: readonly string[]) {
    super();
    this.#kinds = new Set(kinds);
  }

  /** The kept value, else `load()`'s (kept unless a change was heard meanwhile; never kept while not listening). */
  async get(load: () => Promise<T>): Promise<T> {
    if (this.#value) return this.#value.current;
    const generation = this.generation;
    const current = await load();
    if (this.keeps(generation)) this.#value = { current };
    return current;
  }

  change(message: Change): void {
    if (!this.#kinds.has(message.k)) return;
    this.bump();
    this.clear();
  }

  protected clear(): void {
    this.#value = undefined;
  }
}
