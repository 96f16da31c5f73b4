// One event stream per browser: the visible tab holding the Web Lock `app-live-events` opens the EventSource and
// hands every event to the other tabs over a BroadcastChannel. Hidden tabs give the lock up (no stream, no poll);
// when the leader goes away the next visible tab takes over. Without Web Locks, each visible tab holds its own.
// A stream that merely drops is reconnected by the browser (3 s later, the server's `retry`); only a refused one (the
// server answered the reconnect with an error: e.g. the session ended) is told to every tab as `refused`, unless
// this tab had a write in flight then: it may bring a new session cookie, so the stream is asked for again first.

import { writesSettled } from '../writesInFlight.ts';

const LOCK = 'app-live-events';
const CHANNEL = 'app-live-events';
/** After the server refused the stream (signed out, no stream support), try again this much later. */
const RETRY_CLOSED_MS = 30_000;

export type LiveEventName = 'task' | 'balance' | 'reset';

export interface LiveEvent {
  name: LiveEventName;
  data: unknown;
}

type Message = { type: 'event'; event: LiveEvent } | { type: 'status'; open: boolean } | { type: 'refused' } | { type: 'hello' };

type Listener = (event: LiveEvent) => void;

/** The tab's side of the shared stream. `live` is true while some tab of this browser holds an open stream. */
class LiveChannel {
  #live = false;
  #running = false;
  #url = '';
  readonly #listeners = new Set<Listener>();
  readonly #statusListeners = new Set<() => void>();
  readonly #refusedListeners = new Set<() => void>();
  #channel?: BroadcastChannel;
  #source?: EventSource;
  #abort?: AbortController;
  #release?: () => void;
  #retry?: ReturnType<typeof setTimeout>;
  /** Set while a refused stream waits for this tab's writes in flight, to ask again once they answered. */
  #afterWrites?: object;

  get live(): boolean {
    return this.#live;
  }

  /** Starts sharing the stream at `url` (the user signed in). Idempotent. */
  start(url: string): void {
    if (this.#running || typeof window === 'undefined' || typeof EventSource === 'undefined') return;
    this.#running = true;
    this.#url = url;
    if (typeof BroadcastChannel !== 'undefined') {
      this.#channel = new BroadcastChannel(CHANNEL);
      this.#channel.onmessage = (message: MessageEvent<Message>) => this.#receive(message.data);
      this.#channel.postMessage({ type: 'hello' } satisfies Message);
    }
    document.addEventListener('visibilitychange', this.#onVisibility);
    this.#onVisibility();
  }

  /** Stops everything (signed out). */
  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#resign();
    this.#channel?.close();
    this.#channel = undefined;
    this.#setLive(false);
  }

  /** Events of the stream, whichever tab holds it. */
  onEvent(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Changes of `live`. */
  onStatus(listener: () => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  /**
   * The server refused the stream (whichever tab asked): the session may have ended. A drop alone says nothing: a
   * password change on this page ends the old session's stream before its answer brings the new cookie.
   */
  onRefused(listener: () => void): () => void {
    this.#refusedListeners.add(listener);
    return () => this.#refusedListeners.delete(listener);
  }

  readonly #onVisibility = () => {
    if (document.visibilityState === 'visible') this.#campaign();
    else this.#resign();
  };

  /** Queues for the lock; the callback runs while this tab leads. */
  #campaign(): void {
    if (this.#abort || this.#release) return;
    if (!navigator.locks) {
      this.#lead();
      return;
    }
    const abort = new AbortController();
    this.#abort = abort;
    navigator.locks
      .request(LOCK, { signal: abort.signal }, () => {
        this.#abort = undefined;
        this.#lead();
        return new Promise<void>((resolve) => {
          this.#release = resolve;
        });
      })
      .catch(() => {
        // Aborted while waiting: this tab went hidden or stopped.
      });
  }

  #resign(): void {
    this.#abort?.abort();
    this.#abort = undefined;
    clearTimeout(this.#retry);
    this.#afterWrites = undefined;
    if (this.#source) {
      this.#source.close();
      this.#source = undefined;
      this.#announce(false);
    }
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  #lead(): void {
    const source = new EventSource(this.#url, { withCredentials: true });
    this.#source = source;
    source.onopen = () => this.#announce(true);
    source.onerror = () => {
      this.#announce(false);
      // CONNECTING: the browser reconnects by itself with Last-Event-ID. CLOSED: refused; try later.
      if (source.readyState === EventSource.CLOSED && this.#source === source) {
        this.#source = undefined;
        this.#refused();
      }
    };
    for (const name of ['task', 'balance', 'reset'] as const) {
      source.addEventListener(name, (message) => {
        let data: unknown;
        try {
          data = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        const event: LiveEvent = { name, data };
        this.#channel?.postMessage({ type: 'event', event } satisfies Message);
        this.#emit(event);
      });
    }
  }

  #refused(): void {
    const leading = () => !this.#source && (this.#release !== undefined || !navigator.locks);
    // Refused with the cookie of a session a write in flight is replacing (a password change): ask again once it answered.
    const writes = writesSettled();
    if (writes) {
      const wait = {};
      this.#afterWrites = wait;
      writes.then(() => {
        if (this.#afterWrites !== wait) return;
        this.#afterWrites = undefined;
        if (leading()) this.#lead();
      });
      return;
    }
    this.#channel?.postMessage({ type: 'refused' } satisfies Message);
    this.#emitRefused();
    this.#retry = setTimeout(() => {
      if (leading()) this.#lead();
    }, RETRY_CLOSED_MS);
  }

  #announce(open: boolean): void {
    this.#channel?.postMessage({ type: 'status', open } satisfies Message);
    this.#setLive(open);
  }

  #receive(message: Message): void {
    if (message.type === 'event') this.#emit(message.event);
    else if (message.type === 'status') this.#setLive(message.open);
    else if (message.type === 'refused') this.#emitRefused();
    else if (message.type === 'hello' && this.#source?.readyState === EventSource.OPEN)
      this.#channel?.postMessage({ type: 'status', open: true } satisfies Message);
  }

  #emit(event: LiveEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  #emitRefused(): void {
    for (const listener of this.#refusedListeners) listener();
  }

  #setLive(live: boolean): void {
    if (live === this.#live) return;
    this.#live = live;
    // Visible to tests and to anyone reading the page: whether this tab gets live updates or polls.
    document.documentElement.dataset.live = String(live);
    for (const listener of this.#statusListeners) listener();
  }
}

/** The tab's one channel (the api-client is a shared singleton, so host and remotes see the same). */
export const liveChannel = new LiveChannel();
