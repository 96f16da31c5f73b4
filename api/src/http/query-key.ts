// A cache key (or ETag input) from a route's whole validated query, so a field added to the query cannot be left out of
// the key: two queries share a key exactly when they ask for the same thing once parsed (defaults filled in).

/** A stable text of a parsed query: object fields sorted by name, undefined ones left out, dates as ISO text. */
export function queryKey(query: object): string {
  return JSON.stringify(stable(query));
}

function stable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(stable);
  if (value === null || typeof value !== 'object') return value;
  const fields = Object.entries(value).filter(([, field]) => field !== undefined);
  fields.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(fields.map(([name, field]) => [name, stable(field)]));
}
