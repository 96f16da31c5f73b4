// What the studio tells other modules outside a task's transaction, without knowing who listens: a KIE account's
// credits after a task was booked on it (the admin module alerts when they run low). A task's own changes are not
// here: they are announced by the database after commit (`LiveHub.onTaskChanged`), and work that must follow a
// transition is a pg-boss job written in its transaction (`StudioRuntime.onTransition`).

/** A KIE account's credits after a task was booked on it (the admin module alerts when it runs low). */
export interface ProviderUsageEvent {
  accountId: string;
  accountName: string;
  /** KIE credits we believed the account had before and after this task. */
  before: number;
  after: number;
}

type Listener<E> = (event: E) => void | Promise<void>;

/** A tiny typed event hub. Listeners run after the fact and never block or break the pipeline. */
export class StudioEvents {
  readonly #usage = new Set<Listener<ProviderUsageEvent>>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.#onListenerError = onListenerError;
  }

  /** Called after every task booked on a KIE account. Returns a function that unsubscribes. */
  onProviderUsage(listener: Listener<ProviderUsageEvent>): () => void {
    this.#usage.add(listener);
    return () => this.#usage.delete(listener);
  }

  /** Tells every usage listener; their errors (sync or async) are reported, never thrown. */
  emitProviderUsage(event: ProviderUsageEvent): void {
    for (const listener of this.#usage) {
      try {
        Promise.resolve(listener(event)).catch(this.#onListenerError);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }
}
