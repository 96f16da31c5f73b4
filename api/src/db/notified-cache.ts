// What every cache kept current by notifications shares: it answers from memory only while listening, forgets all it
// kept when listening starts or stops, and moves a generation on whenever something may have changed, so a value read
// from the database before a change is never kept after it.
import type { Change, ChangeWatcher } from './changes.ts';

export abstract class NotifiedCache implements ChangeWatcher {
  #listening = false;
  #generation = 0;

  /** Read it before the query whose result is kept; kept only if it has not moved meanwhile. */
  get generation(): number {
    return this.#generation;
  }

  /** Whether notifications keep the cache current: only then may it answer or keep anything. */
  protected get current(): boolean {
    return this.#listening;
  }

  /** Whether a result read at `generation` may be kept now. */
  protected keeps(generation: number): boolean {
    return this.#listening && generation === this.#generation;
  }

  /** Something may have changed: results read before are not kept. Returns the new generation. */
  protected bump(): number {
    return ++this.#generation;
  }

  /** Drops everything kept (called after `bump`). */
  protected abstract clear(): void;

  abstract change(message: Change): void;

  lost(): void {
    this.#listening = false;
    this.bump();
    this.clear();
  }

  listening(): void {
    this.bump();
    this.clear();
    this.#listening = true;
  }
}
