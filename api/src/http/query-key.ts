// A cache key (or ETag input) from a route's whole validated query, so a field added to the query cannot be left out of
// the key: two queries share a key exactly when they ask for the same thing once parsed (defaults filled in).

/** A stable text of a parsed query: object fields sorted by name, undefined ones left out, dates as ISO text. */
export function queryKey(query: object): string {
  return stableJson(query);
}

/** `JSON.stringify` of the value with its objects' fields sorted, written in one pass (it runs on every list read). */
function stableJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  // As JSON.stringify writes them: an undefined item as null.
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : stableJson(item))).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  const fields: string[] = [];
  for (const name of Object.keys(record).sort()) {
    if (record[name] !== undefined) fields.push(`${JSON.stringify(name)}:${stableJson(record[name])}`);
  }
  return `{${fields.join(',')}}`;
}
