// The store cannot be reached right now (connection refused or timed out, a 5xx, a throttle): a passing state that
// callers wait out (an upload answers 503, a result copy is retried), unlike a refusal that would fail again.
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(where: string, cause: unknown) {
    super(`The file store ${where} cannot be reached: ${cause instanceof Error ? cause.message || cause.name : String(cause)}`, { cause });
  }
}

export const isStorageUnavailable = (error: unknown): error is StorageUnavailableError => error instanceof StorageUnavailableError;
