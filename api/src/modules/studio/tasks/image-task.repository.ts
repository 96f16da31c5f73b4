// Named reads over image tasks: the owner's list (and its cheap version for ETags), in-flight counts, look-ups.
import { type ImageTaskListQuery, LIMITS } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { prepared, preparedRows } from '../../../db/prepared.ts';
import { ImageTask } from './image-task.entity.ts';
import { CURSOR_AT_SQL, decodeCursor, encodeCursor } from './task-cursor.ts';
import { TASK_ROW, type TaskRow } from './task-row.ts';
import { type FilterParts, isPlainQuery, taskFilter, taskFilterParts, wholeFilter } from './task-search.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The list's validated query, as the contract defines it: a filter added there reaches the cache keys by itself. */
export type TaskPageQuery = ImageTaskListQuery;

export interface TaskPageVersion {
  total: number;
  /** Changes whenever a task on the page changes (ids in order and their revisions), or the page's membership does. */
  signature: string;
}

/** When the window's oldest task leaves it (the total changes then, with no write); null for an empty window. */
export function windowChangesAt(oldest: Date | string | null | undefined, days: number): number | null {
  return oldest ? new Date(oldest).getTime() + days * DAY_MS : null;
}

/** The oldest creation time inside a `days` window, to the millisecond (the same for the version and the rows). */
export function windowStart(days: number, now: number = Date.now()): Date {
  return new Date(now - days * DAY_MS);
}

export class ImageTaskRepository {
  readonly #em: SqlEntityManager;

  constructor(em: SqlEntityManager) {
    this.#em = em;
  }

  /**
   * The owner's tasks of one page, newest first, how many tasks match, and the cursor of the page after it. The hot
   * read of the studio (polled every 1-2 s): one prepared query for rows and total, only the presented columns, no
   * entity hydration. A search (words, filters, a cursor, the whole history) builds its statement from the query.
   */
  async listPage(userId: string, query: TaskPageQuery, since: Date): Promise<TaskPage> {
    if (!isPlainQuery(query)) return this.#searchPage(userId, query, since);
    const offset = (query.page - 1) * query.limit;
    const rows = await preparedRows<PageRow>(this.#em, PAGE, [userId, since, query.favourite, query.limit, offset]);
    const first = rows[0];
    if (first) {
      const total = Number(first.total);
      const last = rows.at(-1);
      const nextCursor = last && offset + rows.length < total ? encodeCursor({ at: last.cursorAt, id: String(last.id) }) : null;
      return { tasks: rows.map(TASK_ROW.read), total, totalCapped: false, counted: total, oldest: new Date(first.oldest), nextCursor };
    }
    // Past the last page there is no row to carry the total.
    const filter = taskFilter(userId, query, since);
    const [window] = await this.#em.execute<WindowRow[]>(
      `select count(*) as "total", min("created_at") as "oldest" from "image_tasks" where ${filter.sql}`,
      filter.params,
    );
    return {
      tasks: [],
      total: Number(window?.total ?? 0),
      totalCapped: false,
      counted: Number(window?.total ?? 0),
      oldest: window?.oldest ? new Date(window.oldest) : null,
      nextCursor: null,
    };
  }

  async #searchPage(userId: string, query: TaskPageQuery, since: Date): Promise<TaskPage> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const filter = taskFilterParts(userId, query, since, cursor);
    const offset = cursor ? 0 : (query.page - 1) * query.limit;
    // One row more than the page tells whether another page follows.
    const wanted = query.limit + 1;
    let rows = await this.#em.execute<PageRow[]>(walkedPage(filter), [...walkedPageParams(filter), wanted, offset]);
    let window: WindowRow | undefined;
    if (rows.length < wanted && !cursor && offset === 0) {
      // A rarer search's first page: its rows and its count from one read of the indexes.
      rows = await this.#em.execute<PageRow[]>(countedPage(filter), [...wholeFilter(filter).params, wanted]);
      window = { total: rows[0]?.total ?? 0, oldest: rows[0]?.oldest ?? null };
    } else if (rows.length < wanted) {
      rows = await this.#em.execute<PageRow[]>(indexedPage(filter), [...wholeFilter(filter).params, wanted, offset]);
    }
    if (!window) {
      const all = taskFilterParts(userId, query, since);
      [window] = await this.#em.execute<WindowRow[]>(cappedCount(all), cappedCountParams(all));
    }
    const sent = rows.slice(0, query.limit);
    const last = sent.at(-1);
    return {
      tasks: sent.map(TASK_ROW.read),
      total: Math.min(Number(window?.total ?? 0), LIMITS.searchCountCap),
      totalCapped: Number(window?.total ?? 0) > LIMITS.searchCountCap,
      counted: Number(window?.total ?? 0),
      oldest: windowEdge(query, window),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: String(last.id) }) : null,
    };
  }

  /**
   * What the page would contain, without loading it: the count and a digest of the page's ids and revisions (index
   * scan, no wide columns). Equal versions mean an equal answer, so an ETag can be built on it.
   */
  async pageVersion(userId: string, query: TaskPageQuery, since: Date): Promise<TaskPageVersion & { oldest: Date | null }> {
    let row: { total: number | string; oldest: Date | string | null; signature: string | null } | undefined;
    if (isPlainQuery(query)) {
      [row] = await preparedRows<typeof row & object>(this.#em, PAGE_VERSION, [
        userId,
        since,
        query.favourite,
        query.limit,
        (query.page - 1) * query.limit,
        userId,
        since,
        query.favourite,
      ]);
    } else {
      const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
      const page = taskFilterParts(userId, query, since, cursor);
      const all = taskFilterParts(userId, query, since);
      const slice = [query.limit, cursor ? 0 : (query.page - 1) * query.limit];
      // The page is found as `#searchPage` finds it: in the newest tasks of its range, else by the indexes.
      const [walked] = await this.#em.execute<{ rows: number | string; signature: string | null }[]>(walkedSignature(page), [
        ...walkedPageParams(page),
        ...slice,
      ]);
      if (walked && Number(walked.rows) === query.limit) {
        const [window] = await this.#em.execute<WindowRow[]>(cappedCount(all), cappedCountParams(all));
        row = window && { ...window, signature: walked.signature };
      } else {
        const filter = wholeFilter(page);
        [row] = await this.#em.execute<(typeof row & object)[]>(
          `select "window"."total", "window"."oldest", (${signatureOf(filter.sql)}) as "signature"
             from (${cappedCount(all)}) as "window"`,
          [...filter.params, ...slice, ...cappedCountParams(all)],
        );
      }
      if (row) row.oldest = windowEdge(query, row);
    }
    return { total: Number(row?.total ?? 0), signature: row?.signature ?? 'empty', oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  /**
   * The tasks with these row ids (any owner; unknown ids are left out), each with its owner: one query however many
   * (the live stream builds its events from them).
   */
  async findRows(ids: readonly string[]): Promise<(TaskRow & { ownerId: string })[]> {
    const wanted = ids.filter((id) => UUID.test(id));
    if (!wanted.length) return [];
    const rows = await preparedRows<Record<string, unknown> & { ownerId: string }>(this.#em, BY_IDS, [wanted.join(',')]);
    return rows.map((row) => ({ ...TASK_ROW.read(row), ownerId: row.ownerId }));
  }

  /** One of the user's tasks by its public id. */
  findOwned(userId: string, taskId: string): Promise<ImageTask | null> {
    return this.#em.findOne(ImageTask, { user: userId, taskId });
  }

  /**
   * Stars or unstars the user's task (by public id): the row as it is now, or null when the user has no such task.
   * A change bumps `revision` (the list's ETag, its cache and the live event follow); a repeat changes nothing.
   */
  async setFavourite(userId: string, taskId: string, favourite: boolean): Promise<TaskRow | null> {
    const changed = await this.#em.execute<Record<string, unknown>[]>(
      `update "image_tasks" set "is_favourite" = ?, ${TOUCH}
        where "user_id" = ? and "task_id" = ? and "is_favourite" <> ? returning ${TASK_ROW.select()}`,
      [favourite, userId, taskId, favourite],
    );
    const rows = changed.length
      ? changed
      : await this.#em.execute<Record<string, unknown>[]>(
          `select ${TASK_ROW.select()} from "image_tasks" where "user_id" = ? and "task_id" = ?`,
          [userId, taskId],
        );
    const row = rows[0];
    return row ? TASK_ROW.read(row) : null;
  }

  /** A task by its public id or its uuid, whoever owns it (admin and job use). */
  findByAnyId(idOrTaskId: string): Promise<ImageTask | null> {
    return this.#em.findOne(ImageTask, UUID.test(idOrTaskId) ? { id: idOrTaskId } : { taskId: idOrTaskId });
  }

  /** The task a provider knows under this id. */
  findByProviderTaskId(provider: ImageTask['provider'], providerTaskId: string): Promise<ImageTask | null> {
    return this.#em.findOne(ImageTask, { provider, providerTaskId });
  }

  /**
   * The user's completed task whose result (or HD result) is at this address, if any: an upscale of it
   * is linked back so the source shows its HD version.
   */
  async findCompletedSource(userId: string, url: string): Promise<{ id: string; aspectRatio: string } | null> {
    const rows = await this.#em.execute<{ id: string; aspect_ratio: string }[]>(
      `select "id", "aspect_ratio" from "image_tasks"
        where "user_id" = ? and "status" = 'completed' and (? = any("result_urls") or "hd_image_url" = ?)
        order by "created_at" desc limit 1`,
      [userId, url, url],
    );
    const row = rows[0];
    return row ? { id: row.id, aspectRatio: row.aspect_ratio } : null;
  }

  /** What an operator alert about the task says: its ids, owner's name, prompt, kind, origin and error. */
  async findAlertDetails(id: string): Promise<TaskAlertDetails | null> {
    const [row] = await this.#em.execute<TaskAlertDetails[]>(
      `select t."task_id", u."username", t."prompt", t."generation_type", t."created_via", t."error_message"
         from "image_tasks" t join "users" u on u."id" = t."user_id" where t."id" = ?`,
      [id],
    );
    return row ?? null;
  }

  /** How many of the user's tasks are pending or generating (under the caller's lock on the user, exact). */
  async countInFlight(userId: string): Promise<number> {
    const [inFlight] = await this.#em.execute<{ count: number | string }[]>(
      `select count(*) as "count" from "image_tasks" where "user_id" = ? and "status" in ('pending', 'generating')`,
      [userId],
    );
    return Number(inFlight?.count ?? 0);
  }

  /**
   * Tasks not yet started at the provider (pending, no provider task), counted up to `limit`: the cluster's waiting
   * line. Found through the provider task id's index (its nulls), and bounded so a deep line costs no more.
   */
  async countWaitingToStart(limit: number): Promise<number> {
    const [row] = await this.#em.execute<{ count: number | string }[]>(
      `select count(*) as "count" from (select 1 from "image_tasks"
        where "provider_task_id" is null and "status" = 'pending' limit ?) as "waiting"`,
      [limit],
    );
    return Number(row?.count ?? 0);
  }

  /** Up to `limit` in-flight tasks past their time limit. */
  findOverdueIds(limit: number): Promise<{ id: string }[]> {
    return this.#em.execute<{ id: string }[]>(
      `select "id" from "image_tasks" where "status" in ('pending', 'generating') and "deadline_at" <= now() limit ?`,
      [limit],
    );
  }

  /** Up to 500 in-flight tasks older than a minute with no job of `queue` created, retrying or active. */
  findWithoutLiveJob(queue: string): Promise<{ id: string }[]> {
    return this.#em.execute<{ id: string }[]>(
      `select t."id" from "image_tasks" t
        where t."status" in ('pending', 'generating') and t."created_at" < now() - interval '1 minute'
          and not exists (select 1 from "pgboss"."job" j
                           where j."name" = ? and j."singleton_key" = t."id"::text and j."state" in ('created', 'retry', 'active'))
        limit 500`,
      [queue],
    );
  }

  // Guarded transitions: each is one `update ... where status in (...)`, so when racing paths try, one wins.
  // Raw updates bump `revision` and `updated_at` by hand (the ORM does it on flush); the task list's ETag relies on it.

  /** pending -> generating with the provider's ids; false when the task was no longer pending. */
  async markGenerating(
    id: string,
    submitted: { provider: ImageTask['provider']; providerTaskId: string; kieApiId: string | null },
  ): Promise<boolean> {
    const rows = await this.#em.execute(
      `update "image_tasks" set "status" = 'generating', "provider" = ?, "provider_task_id" = ?, "kie_api_id" = ?,
              "attempts" = 0, ${TOUCH}
        where "id" = ? and "status" = 'pending' returning "id"`,
      [submitted.provider, submitted.providerTaskId, submitted.kieApiId, id],
    );
    return rows.length > 0;
  }

  /** Sets the look count of an in-flight task (no revision bump); false once it ended. */
  async setAttemptsIfInFlight(id: string, attempts: number): Promise<boolean> {
    const rows = await this.#em.execute(
      `update "image_tasks" set "attempts" = ? where "id" = ? and "status" in ${IN_FLIGHT} returning "id"`,
      [attempts, id],
    );
    return rows.length > 0;
  }

  /** In flight -> completed with these results; what an upscale needs to link its source, or null when already ended. */
  /** The median provider time of the last 20 completions of a model and kind within a day (null: none). */
  async medianProviderMs(model: string, generationType: string): Promise<number | undefined> {
    const [row] = await this.#em.execute<{ ms: number | null }[]>(
      `select percentile_cont(0.5) within group (order by "provider_ms") as "ms"
         from (select "provider_ms" from "image_tasks"
                where "model" = ? and "generation_type" = ? and "status" = 'completed' and "provider_ms" is not null
                  and "completed_at" > now() - interval '1 day'
                order by "completed_at" desc limit 20) as "recent"`,
      [model, generationType],
    );
    return row?.ms == null ? undefined : Number(row.ms);
  }

  async markCompletedIfInFlight(
    id: string,
    resultUrls: string[],
    thumbnailUrl: string | null,
    providerMs: number | null = null,
  ): Promise<{ source_task_id: string | null; generation_type: string; user_id: string } | null> {
    const rows = await this.#em.execute<{ source_task_id: string | null; generation_type: string; user_id: string }[]>(
      `update "image_tasks" set "status" = 'completed', "result_urls" = ${TEXT_ARRAY}, "thumbnail_url" = ?,
              "error_message" = null, "completed_at" = now(), "provider_ms" = ?, ${TOUCH}
        where "id" = ? and "status" in ${IN_FLIGHT} returning "source_task_id", "generation_type", "user_id"`,
      [JSON.stringify(resultUrls), thumbnailUrl, providerMs, id],
    );
    return rows[0] ?? null;
  }

  /** failed -> completed with these results (a late success found by the recheck); false when no longer failed. */
  async markCompletedIfFailed(id: string, resultUrls: string[], thumbnailUrl: string | null): Promise<boolean> {
    const rows = await this.#em.execute(
      `update "image_tasks" set "status" = 'completed', "result_urls" = array(select jsonb_array_elements_text(?::jsonb)),
              "thumbnail_url" = ?, "error_message" = null, "completed_at" = now(), "revision" = "revision" + 1, "updated_at" = now()
        where "id" = ? and "status" = 'failed' returning "id"`,
      [JSON.stringify(resultUrls), thumbnailUrl, id],
    );
    return rows.length > 0;
  }

  /** Sets the HD image of the user's task (only the same user's: links are made from the caller's own tasks). */
  async setHdImage(id: string, userId: string, url: string): Promise<void> {
    await this.#em.execute(`update "image_tasks" set "hd_image_url" = ?, ${TOUCH} where "id" = ? and "user_id" = ?`, [url, id, userId]);
  }

  /** In flight -> failed with a message; false when already ended. */
  async markFailedIfInFlight(id: string, message: string): Promise<boolean> {
    const rows = await this.#em.execute(
      `update "image_tasks" set "status" = 'failed', "error_message" = ?, "completed_at" = now(), ${TOUCH}
        where "id" = ? and "status" in ${IN_FLIGHT} returning "id"`,
      [message, id],
    );
    return rows.length > 0;
  }

  /**
   * Sets `refunded` on a charged, unrefunded task of one of `statuses`, found by row id or public id; what the
   * refund needs, or null when there is nothing to refund.
   */
  async markRefunded(where: { id: string } | { taskId: string }, statuses: readonly string[]): Promise<RefundableTask | null> {
    const column = 'id' in where ? 'id' : 'task_id';
    const rows = await this.#em.execute<RefundableTask[]>(
      `update "image_tasks" set "refunded" = true, "refunded_at" = now(), "revision" = "revision" + 1, "updated_at" = now()
        where "${column}" = ? and "refunded" = false and "credits_used" > 0 and "status" in (${statuses.map(() => '?').join(', ')})
        returning "id", "task_id", "user_id", "credits_used", "created_via", "provider_task_id"`,
      ['id' in where ? where.id : where.taskId, ...statuses],
    );
    return rows[0] ?? null;
  }

  /**
   * Reserves a place on a KIE account for a pending task, under a transaction-scoped lock on the account: false
   * when `cap` of the account's other in-flight tasks hold one, or the task is no longer pending. Call in a transaction.
   */
  async reserveAccountPlace(accountId: string, taskId: string, cap: number): Promise<boolean> {
    await this.#em.execute('select pg_advisory_xact_lock(hashtext(?))', [`kie-account:${accountId}`]);
    const [row] = await this.#em.execute<{ count: number | string }[]>(
      `select count(*) as "count" from "image_tasks" where "kie_api_id" = ? and "id" <> ? and "status" in ('pending', 'generating')`,
      [accountId, taskId],
    );
    if (Number(row?.count ?? 0) >= cap) return false;
    const rows = await this.#em.execute(
      `update "image_tasks" set "kie_api_id" = ? where "id" = ? and "status" = 'pending' returning "id"`,
      [accountId, taskId],
    );
    return rows.length > 0;
  }

  /** Frees the KIE account place a pending task reserved. */
  async releaseAccountPlace(taskId: string): Promise<void> {
    await this.#em.execute(`update "image_tasks" set "kie_api_id" = null where "id" = ? and "status" = 'pending'`, [taskId]);
  }
}

/** See `findAlertDetails`. */
export interface TaskAlertDetails {
  task_id: string;
  username: string;
  prompt: string | null;
  generation_type: string;
  created_via: string;
  error_message: string | null;
}

/** What a refund books, from the task row it flagged. */
export interface RefundableTask {
  id: string;
  task_id: string;
  user_id: string;
  credits_used: number;
  created_via: 'web' | 'api' | 'n8n';
  provider_task_id: string | null;
}

/** SQL fragment: statuses still in flight. */
const IN_FLIGHT = `('pending', 'generating')`;
/** SQL fragment: a visible change. */
const TOUCH = `"revision" = "revision" + 1, "updated_at" = now()`;
/** SQL fragment: the list's `favourite` filter (its parameter: true for starred tasks only). */
const FAVOURITE = `(not ?::boolean or "is_favourite")`;
/** An array parameter as a `text[]` (MikroORM inlines parameters and does not bind arrays). */
const TEXT_ARRAY = `array(select jsonb_array_elements_text(?::jsonb))`;

/** One page of a user's window, with the window's count and oldest creation time (see `listPage`). */
const PAGE = prepared(
  'task-list-page',
  `select ${TASK_ROW.select()}, ${CURSOR_AT_SQL} as "cursorAt", count(*) over () as "total", min("created_at") over () as "oldest"
     from "image_tasks"
    where "user_id" = ? and "created_at" >= ? and ${FAVOURITE}
    order by "created_at" desc, "id" desc limit ? offset ?`,
);

const NEWEST_FIRST = 'order by "created_at" desc, "id" desc';
/** The digest of a page's rows (its ids and revisions, in order), the part of a version that an edit changes. */
const PAGE_DIGEST = `md5(string_agg("id"::text || ':' || "revision", ',' ${NEWEST_FIRST}))`;

/** The digest of a page's ids and revisions where `filter` holds (parameters: the filter's, limit, offset). */
const signatureOf = (filter: string) =>
  `select ${PAGE_DIGEST}
     from (select "id", "revision", "created_at" from "image_tasks" where ${filter}
            ${NEWEST_FIRST} limit ? offset ?) as "page"`;

/** How many of the range's newest tasks a search page reads before it asks the indexes (see `walkedPage`). */
const PAGE_WALK = 2000;
const PAGE_COLUMNS = `${TASK_ROW.select()}, ${CURSOR_AT_SQL} as "cursorAt"`;

/** The newest `PAGE_WALK` tasks of the filter's range with `columns`, each marked `hit` when it matches the rest. */
const newestOfRange = ({ range, rest }: FilterParts, columns: string) =>
  `(select ${columns}, (${rest.sql}) as "hit" from "image_tasks" where ${range.sql} ${NEWEST_FIRST} limit ${PAGE_WALK})`;

/**
 * A search page from the newest `PAGE_WALK` tasks of the filter's range, in index order, each tested: a whole page for
 * a search that matches often, in a few milliseconds. The planner would often read every match from the indexes and
 * sort them instead: it takes an owner's word for a rare one (each is counted among every user's words). Fewer rows
 * than asked mean nothing (the page may go on past the walk): the indexes are asked then. Parameters:
 * `walkedPageParams`, limit, offset.
 */
const walkedPage = (filter: FilterParts) =>
  `select ${PAGE_COLUMNS} from ${newestOfRange(filter, '"image_tasks".*')} as "image_tasks"
    where "hit" ${NEWEST_FIRST} limit ? offset ?`;

const walkedPageParams = ({ range, rest }: FilterParts) => [...rest.params, ...range.params];

/** The digest of a `walkedPage` (limit, not one more) and how many rows it holds (parameters as `walkedPage`'s). */
const walkedSignature = (filter: FilterParts) =>
  `select count(*) as "rows", ${PAGE_DIGEST} as "signature"
     from (select "id", "revision", "created_at" from ${newestOfRange(filter, '"id", "revision", "created_at"')} as "newest"
            where "hit" ${NEWEST_FIRST} limit ? offset ?) as "page"`;

/** A search page as the planner finds it (parameters: the whole filter's, limit, offset). */
const indexedPage = (filter: FilterParts) =>
  `select ${PAGE_COLUMNS} from "image_tasks" where ${wholeFilter(filter).sql} ${NEWEST_FIRST} limit ? offset ?`;

/**
 * A first search page with its count and oldest match, counting the newest `searchCountCap` + 1 matches at most, as
 * `cappedCount` does: one read of the indexes for both (parameters: the whole filter's, limit).
 */
const countedPage = (filter: FilterParts) =>
  `select ${PAGE_COLUMNS}, "total", "oldest"
     from (select *, count(*) over () as "total", min("created_at") over () as "oldest"
             from (select * from "image_tasks" where ${wholeFilter(filter).sql}
                    ${NEWEST_FIRST} limit ${COUNT_CAP + 1}) as "counted"
            ${NEWEST_FIRST} limit ?) as "image_tasks"
    ${NEWEST_FIRST}`;

/** How many of the range's newest tasks the count walks before it asks the word index (see `cappedCount`). */
const COUNT_WALK = 8000;
const COUNT_CAP = LIMITS.searchCountCap;

/**
 * A search's count and oldest match, counting the newest `searchCountCap` + 1 matches at most. First it walks the
 * newest tasks of the filter's range (owner and dates) down the (user, created_at, id) index, testing each, and stops
 * at the cap's match or after `COUNT_WALK` tasks: that settles a common search (the cap is reached) and a short range
 * (it holds fewer tasks) in a few milliseconds. Only a rarer search goes on to the indexes (a bitmap of the word
 * index), behind a one-time filter that skips it when the walk settled the count. Left to itself the planner chose
 * that bitmap even for a common word (it estimates word prefixes far too rare): on a 100,000-task history it read
 * every match of every user, 180 ms against 10 ms for the walk. Parameters: `cappedCountParams`.
 */
const cappedCount = ({ range, rest }: FilterParts) =>
  `select case when "walk"."settled" then "walk"."hits" else "rest"."total" end as "total",
          case when "walk"."settled" then "walk"."oldest" else "rest"."oldest" end as "oldest"
     from (select "found"."hits", "found"."oldest",
                  "found"."hits" > ${COUNT_CAP}
                  or (select count(*) from (select 1 from "image_tasks" where ${range.sql} limit ${COUNT_WALK}) as "own") < ${COUNT_WALK}
                  as "settled"
             from (select count(*) as "hits", min("created_at") as "oldest"
                     from (select "created_at"
                             from (select "created_at", (${rest.sql}) as "hit" from "image_tasks" where ${range.sql}
                                    order by "created_at" desc, "id" desc limit ${COUNT_WALK}) as "newest"
                            where "hit" limit ${COUNT_CAP + 1}) as "first") as "found") as "walk"
    cross join lateral (
      select count(*) as "total", min("created_at") as "oldest"
        from (select "created_at" from "image_tasks" where ${range.sql} and ${rest.sql} and not "walk"."settled"
               order by "created_at" desc, "id" desc limit ${COUNT_CAP + 1}) as "matches") as "rest"`;

/** The parameters of `cappedCount`. */
const cappedCountParams = ({ range, rest }: FilterParts) => [
  ...range.params,
  ...rest.params,
  ...range.params,
  ...range.params,
  ...rest.params,
];

/**
 * When a search's answer changes with no write: when its oldest match leaves a `days` window. Never for the whole
 * history, nor once counting stopped at the cap (the oldest counted is not the oldest match then).
 */
function windowEdge(query: TaskPageQuery, window: WindowRow | undefined): Date | null {
  if (query.scope === 'all' || !window?.oldest || Number(window.total) > LIMITS.searchCountCap) return null;
  return new Date(window.oldest);
}

/** The version of a page without its rows (see `pageVersion`). */
const PAGE_VERSION = prepared(
  'task-list-page-version',
  `select "window"."total", "window"."oldest", (${signatureOf(`"user_id" = ? and "created_at" >= ? and ${FAVOURITE}`)}) as "signature"
     from (select count(*) as "total", min("created_at") as "oldest" from "image_tasks"
            where "user_id" = ? and "created_at" >= ? and ${FAVOURITE}) as "window"`,
);

/** Tasks by row id, with their owner (see `findRows`). */
const BY_IDS = prepared(
  'task-rows-by-id',
  `select ${TASK_ROW.select()}, "user_id" as "ownerId" from "image_tasks" where "id" = any(string_to_array(?, ',')::uuid[])`,
);

/** A row of a page: the task's columns, its cursor position, and (`PAGE`) the window's count and oldest creation time. */
type PageRow = Record<string, unknown> & { cursorAt: string; total: number | string; oldest: Date | string };

/** The count and oldest creation time of what a list matches. */
type WindowRow = { total: number | string; oldest: Date | string | null };

/** A page of the list (see `listPage`). */
export interface TaskPage {
  tasks: TaskRow[];
  total: number;
  /** A search stopped counting at `LIMITS.searchCountCap`. */
  totalCapped: boolean;
  /** The count as the database returned it (one past the cap when capped): what `pageVersion` tags. */
  counted: number;
  /** The oldest matching task in a moving `days` window (the total changes when it leaves); null otherwise. */
  oldest: Date | null;
  nextCursor: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
