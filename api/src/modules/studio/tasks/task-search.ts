// The task list's search: prompt words and filters as one WHERE clause, always scoped to the caller. A word of letters
// and digits must begin a word of the prompt (full-text prefix match on the stored `prompt_words`, GIN-indexed; each
// word is keyed by the owner, `<user_id>:<word>`, migration ..._task_words_by_owner, so a prefix reads only the
// caller's posting lists); any other word (`100%`, `cute_face`) must appear anywhere in it (ILIKE). The order and the
// cursor use the (user_id, created_at, id) index. Values are bound, never spliced in.
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
  const { q, type, status, via, from, to, cursor, scope, board } = query;
  return !q && !type && !status && !via && !from && !to && !cursor && !board && scope === 'recent';
}

/** At most this many words of a search are used. */
const MAX_WORDS = 8;
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The plain words of a search (letters and digits only, lower case as the 'simple' configuration stores them) as a
 * tsquery of the owner's word prefixes, `'<user_id>:astro':* & '<user_id>:banana':*`; '' for none. Given as tsquery
 * text: nothing in it needs quoting (a uuid, `:`, letters and digits).
 */
export function prefixQuery(userId: string, q: string | undefined): string {
  const words = (q ?? '').toLowerCase().split(/\s+/u).filter(Boolean).slice(0, MAX_WORDS);
  return [...new Set(words.filter((word) => PLAIN_WORD.test(word)))].map((word) => `'${userId}:${word}':*`).join(' & ');
}

/** The other words of a search, each as an ILIKE pattern (`%` and `_` escaped: they match themselves). */
export function substringPatterns(q: string | undefined): string[] {
  const words = (q ?? '').split(/\s+/u).filter(Boolean).slice(0, MAX_WORDS);
  return words.filter((word) => !PLAIN_WORD.test(word)).map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** The tasks of `userId` matching every filter of the query (`since`: start of the `days` window, for `scope=recent`). */
export function taskFilter(userId: string, query: ImageTaskListQuery, since: Date, cursor?: TaskCursor): SqlFilter {
  return wholeFilter(taskFilterParts(userId, query, since, cursor));
}

/** A filter in two parts (see `taskFilterParts`). */
export type FilterParts = { range: SqlFilter; rest: SqlFilter };

/**
 * The same filter in two parts: `range`, what bounds a stretch of the (user_id, created_at, id) index (owner, dates,
 * cursor), and `rest`, what is tested on each task of it ('true' when nothing is).
 */
export function taskFilterParts(userId: string, query: ImageTaskListQuery, since: Date, cursor?: TaskCursor): FilterParts {
  const range = conjunction();
  const rest = conjunction();
  range.add('"user_id" = ?', userId);
  if (query.scope === 'recent') range.add('"created_at" >= ?', since);
  if (query.from) range.add('"created_at" >= ?', new Date(`${query.from}T00:00:00Z`));
  if (query.to) range.add('"created_at" < ?', new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS));
  // Row comparison: strictly after the cursor in (created_at desc, id desc) order, one index range.
  if (cursor) range.add('("created_at", "id") < (?::timestamptz, ?::uuid)', cursor.at, cursor.id);
  if (query.favourite) rest.add('"is_favourite"');
  if (query.type) rest.add('"generation_type" = ?', query.type);
  if (query.status) rest.add('"status" = ?', query.status);
  if (query.via) rest.add('"created_via" = ?', query.via);
  if (query.board) rest.add(ON_BOARD, query.board);
  const words = prefixQuery(userId, query.q);
  if (words) rest.add(`"prompt_words" @@ ?::tsquery`, words);
  for (const pattern of substringPatterns(query.q)) rest.add(`"prompt" ilike ?`, pattern);
  return { range: range.filter(), rest: rest.filter() };
}

// The board's owner is checked before the list is read; its rows are found by the (task_id) side of the key.
const ON_BOARD = 'exists (select 1 from "board_images" b where b."board_id" = ? and b."task_id" = "image_tasks"."id")';

/** A conjunction of SQL conditions with `?` placeholders, built in order ('true' when empty). */
function conjunction() {
  const parts: string[] = [];
  const params: unknown[] = [];
  return {
    add(sql: string, ...values: unknown[]) {
      parts.push(sql);
      params.push(...values);
    },
    filter: (): SqlFilter => ({ sql: parts.length ? parts.join(' and ') : 'true', params }),
  };
}

/** Both parts as one filter, the range's conditions first. */
export function wholeFilter({ range, rest }: FilterParts): SqlFilter {
  return { sql: rest.sql === 'true' ? range.sql : `${range.sql} and ${rest.sql}`, params: [...range.params, ...rest.params] };
}
