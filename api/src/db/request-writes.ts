// Which requests wrote to the database: the ORM's query hook marks the request context in which a statement other
// than a read ran, so that only those requests wait until their changes' notifications were heard (heard-writes).
import { RequestContext } from '@mikro-orm/core';

const wrote = new WeakSet<RequestContext>();

/** Statements that change nothing. Anything else (insert, update, delete, `with ...`, DDL) counts as a write. */
const READ = /^\s*(?:select|show|explain)\b/i;

/** The ORM's `onQuery` hook: every statement it runs passes here (flushes, query builders, `em.execute`). */
export function noteStatement(sql: string): string {
  if (!READ.test(sql)) {
    const context = RequestContext.currentRequestContext();
    if (context) wrote.add(context);
  }
  return sql;
}

/** Whether the current request ran a write; true outside a request context, where nothing is known. */
export function requestWrote(): boolean {
  const context = RequestContext.currentRequestContext();
  return context === undefined || wrote.has(context);
}
