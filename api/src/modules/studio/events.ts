// Studio events other modules subscribe to (the admin module wires "generation failed" to Telegram),
// without the pipeline knowing who listens.

export interface GenerationFailedEvent {
  /** Our task uuid and public id. */
  id: string;
  taskId: string;
  userId: string;
  generationType: string;
  createdVia: string;
  /** Which provider had it (null when it never got to one). */
  provider: string | null;
  providerTaskId: string | null;
  errorMessage: string;
  /** Credits returned to the user by this failure. */
  refundedCredits: number;
}

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
  readonly #failed = new Set<Listener<GenerationFailedEvent>>();
  readonly #usage = new Set<Listener<ProviderUsageEvent>>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.#onListenerError = onListenerError;
  }

  /** Called once per task that fails (after its refund). Returns a function that unsubscribes. */
  onGenerationFailed(listener: Listener<GenerationFailedEvent>): () => void {
    this.#failed.add(listener);
    return () => this.#failed.delete(listener);
  }

  /** Called after every task booked on a KIE account. Returns a function that unsubscribes. */
  onProviderUsage(listener: Listener<ProviderUsageEvent>): () => void {
    this.#usage.add(listener);
    return () => this.#usage.delete(listener);
  }

  /** Tells every listener; their errors (sync or async) are reported, never thrown. */
  emitGenerationFailed(event: GenerationFailedEvent): void {
    this.#emit(this.#failed, event);
  }

  /** Tells every usage listener; their errors are reported, never thrown. */
  emitProviderUsage(event: ProviderUsageEvent): void {
    this.#emit(this.#usage, event);
  }

  #emit<E>(listeners: Set<Listener<E>>, event: E): void {
    for (const listener of listeners) {
      try {
        Promise.resolve(listener(event)).catch(this.#onListenerError);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }
}
