// One value read from the database and kept in memory until a notification of one of its kinds says it changed.
import type { Change, ChangeWatcher } from './changes.ts';

export class NotifiedValue<T> implements ChangeWatcher {
  readonly #kinds: ReadonlySet<string>;
  #value: { current: T } | undefined;
  #generation = 0;
  #listening = false;

  /** `kinds`: the notification kinds that invalidate the value. */
  constructor(kinds: readonly string[]) {
    this.#kinds = new Set(kinds);
  }

  /** The kept value, else `load()`'s (kept unless a change was heard meanwhile; never kept while not listening). */
  async get(load: () => Promise<T>): Promise<T> {
    if (this.#value) return this.#value.current;
    const generation = this.#generation;
    const current = await load();
    if (this.#listening && generation === this.#generation) this.#value = { current };
    return current;
  }

  change(message: Change): void {
    if (this.#kinds.has(message.k)) this.#forget();
  }

  lost(): void {
    this.#listening = false;
    this.#forget();
  }

  listening(): void {
    this.#forget();
    this.#listening = true;
  }

  #forget(): void {
    this.#generation++;
    this.#value = undefined;
  }
}
