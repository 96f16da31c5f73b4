// The task list's search: prompt words and filters as one WHERE clause, always scoped to the caller. The words use
// the trigram GIN index on the prompt (`ILIKE '%word%'`, migration ..._task_search); the order and the cursor use the
// (user_id, created_at, id) index. Parameters are bound (never spliced in), so the planner still sees each value.
import type { ImageTaskListQuery } from '@app/contract';
import type { TaskCursor } from './task-cursor.ts';

/** A WHERE clause with `?` placeholders and its parameters, in order. */
export interface SqlFilter {
  sql: string;
  params: unknown[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the query asks only what the spec's list asks (page, limit, days, favourite): the prepared hot path. */
export function isPlainQuery(query: ImageTaskListQuery): boolean {
  const { q, type, status, via, from, to, cursor, scope } = query;
  return !q && !type && !status && !via && !from && !to && !cursor && scope === 'recent';
}

/** The words of a search, each escaped for LIKE (so `%` and `_` match themselves), at most 8. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = q.split(/\s+/u).filter(Boolean).slice(0, 8);
  return words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** The tasks of `userId` matching every filter of the query (`since`: start of the `days` window, for `scope=recent`). */
export function taskFilter(userId: string, query: ImageTaskListQuery, since: Date, cursor?: TaskCursor): SqlFilter {
  const parts = ['"user_id" = ?'];
  const params: unknown[] = [userId];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (query.scope === 'recent') add('"created_at" >= ?', since);
  if (query.from) add('"created_at" >= ?', new Date(`${query.from}T00:00:00Z`));
  if (query.to) add('"created_at" < ?', new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS));
  if (query.favourite) add('"is_favourite"');
  if (query.type) add('"generation_type" = ?', query.type);
  if (query.status) add('"status" = ?', query.status);
  if (query.via) add('"created_via" = ?', query.via);
  for (const word of searchWords(query.q)) add(`"prompt" ilike ?`, word);
  // Row comparison: strictly after the cursor in (created_at desc, id desc) order, one index range.
  if (cursor) add('("created_at", "id") < (?::timestamptz, ?::uuid)', cursor.at, cursor.id);
  return { sql: parts.join(' and '), params };
}
