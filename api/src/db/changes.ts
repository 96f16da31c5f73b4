// What the process's caches hear from the database's notifications (channel `live_events`, see README.md).

/** One notification: its kind, the user it is about, and for an ended session that session's hash. */
export interface Change {
  k: string;
  u?: string;
  s?: string;
  id?: string;
}

/** A cache kept current by notifications. While nothing is heard (`lost`), it must not answer from memory. */
export interface ChangeWatcher {
  /** Called for every notification, before any stream gets it. */
  change(message: Change): void;
  /** Notifications may be missed from now on. */
  lost(): void;
  /** Listening (again): from now on every change is heard. */
  listening(): void;
}

/** Where watchers subscribe; the live hub is the one of a running server. */
export interface ChangeFeed {
  watch(watcher: ChangeWatcher): () => void;
  /**
   * Resolves once this process has heard every notification committed before the call (a NOTIFY of our own comes
   * back after them: notifications arrive in commit order). Right away when not listening.
   */
  fence(): Promise<void>;
}
