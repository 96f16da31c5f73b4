/**
 * A loader (typically a dynamic `import()` of a page's deferred parts) that downloads once: every call answers
 * the same promise. A failed download (offline) is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
