// Named reads over image tasks: the owner's list (and its cheap version for ETags), in-flight counts, look-ups.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { prepared, preparedRows } from '../../../db/prepared.ts';
import { ImageTask } from './image-task.entity.ts';
import type { PresentableTask } from './presenter.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TaskPageQuery {
  page: number;
  limit: number;
  /** Only tasks created in the last `days` days. */
  days: number;
}

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
   * The owner's tasks of one page, newest first, and how many tasks the window holds. The hot read of the
   * studio (polled every 1-2 s): one query for rows and total, only the presented columns, no entity hydration.
   */
  async listPage(userId: string, query: TaskPageQuery, since: Date): Promise<{ tasks: TaskListRow[]; total: number; oldest: Date | null }> {
    const rows = await preparedRows<RawTaskRow>(this.#em, PAGE, [userId, since, query.limit, (query.page - 1) * query.limit]);
    const first = rows[0];
    if (first) return { tasks: rows.map(toTaskListRow), total: Number(first.total), oldest: new Date(first.oldest) };
    // Past the last page there is no row to carry the total.
    const [window] = await this.#em.execute<{ total: number | string; oldest: Date | string | null }[]>(
      `select count(*) as "total", min("created_at") as "oldest" from "image_tasks" where "user_id" = ? and "created_at" >= ?`,
      [userId, since],
    );
    return { tasks: [], total: Number(window?.total ?? 0), oldest: window?.oldest ? new Date(window.oldest) : null };
  }

  /**
   * What the page would contain, without loading it: the window's count and a digest of the page's ids and
   * revisions (index scan, no wide columns). Equal versions mean an equal answer, so an ETag can be built on it.
   */
  async pageVersion(userId: string, query: TaskPageQuery, since: Date): Promise<TaskPageVersion & { oldest: Date | null }> {
    const rows = await preparedRows<{ total: number | string; oldest: Date | string | null; signature: string | null }>(
      this.#em,
      PAGE_VERSION,
      [userId, since, query.limit, (query.page - 1) * query.limit, userId, since],
    );
    const row = rows[0];
    return { total: Number(row?.total ?? 0), signature: row?.signature ?? 'empty', oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  /** One of the user's tasks by its public id. */
  findOwned(userId: string, taskId: string): Promise<ImageTask | null> {
    return this.#em.findOne(ImageTask, { user: userId, taskId });
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
}

/** Columns the list presents, timestamps as ISO text so both drivers give the same thing back. */
const iso = (column: string) => `to_char("${column}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "${column}"`;
const LIST_COLUMNS = [
  '"id"',
  '"task_id"',
  '"prompt"',
  '"input_image_urls"',
  '"model"',
  '"generation_type"',
  '"aspect_ratio"',
  '"scale_ratio"',
  '"face_enhancement"',
  '"output_format"',
  '"image_size"',
  '"seeds"',
  '"enable_fallback"',
  '"status"',
  '"result_urls"',
  '"thumbnail_url"',
  '"hd_image_url"',
  '"error_message"',
  '"credits_used"',
  '"created_via"',
  '"refunded"',
  iso('refunded_at'),
  iso('created_at'),
  iso('completed_at'),
  '"revision"',
].join(', ');

/** One page of a user's window, with the window's count and oldest creation time (see `listPage`). */
const PAGE = prepared(
  'task-list-page',
  `select ${LIST_COLUMNS}, count(*) over () as "total", min("created_at") over () as "oldest" from "image_tasks"
    where "user_id" = ? and "created_at" >= ?
    order by "created_at" desc, "id" desc limit ? offset ?`,
);

/** The version of a page without its rows (see `pageVersion`). */
const PAGE_VERSION = prepared(
  'task-list-page-version',
  `select "window"."total", "window"."oldest",
          (select md5(string_agg("id"::text || ':' || "revision", ',' order by "created_at" desc, "id" desc))
             from (select "id", "revision", "created_at" from "image_tasks"
                    where "user_id" = ? and "created_at" >= ?
                    order by "created_at" desc, "id" desc limit ? offset ?) as "page") as "signature"
     from (select count(*) as "total", min("created_at") as "oldest" from "image_tasks"
            where "user_id" = ? and "created_at" >= ?) as "window"`,
);

interface RawTaskRow {
  id: string;
  task_id: string;
  prompt: string;
  input_image_urls: string[] | string;
  model: ImageTask['model'];
  generation_type: ImageTask['generationType'];
  aspect_ratio: string;
  scale_ratio: number | null;
  face_enhancement: boolean;
  output_format: string;
  image_size: string;
  seeds: number | null;
  enable_fallback: boolean;
  status: ImageTask['status'];
  result_urls: string[] | string;
  thumbnail_url: string | null;
  hd_image_url: string | null;
  error_message: string | null;
  credits_used: number;
  created_via: ImageTask['createdVia'];
  refunded: boolean;
  refunded_at: string | null;
  created_at: string;
  completed_at: string | null;
  revision: number;
  total: number | string;
  oldest: Date | string;
}

/** A row of the task list: what the presenter reads, plus the revision the ETag is built on. */
export type TaskListRow = PresentableTask & { revision: number };

/** `text[]` as a JS array (drivers hand it over parsed; a literal `{a,b}` is parsed here just in case). */
function textArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return (
    value
      .slice(1, -1)
      .match(/"(?:[^"\\]|\\.)*"|[^,]+/g)
      ?.map((item) => (item.startsWith('"') ? item.slice(1, -1).replace(/\\(.)/g, '$1') : item)) ?? []
  );
}

function toTaskListRow(row: RawTaskRow): TaskListRow {
  return {
    id: row.id,
    taskId: row.task_id,
    prompt: row.prompt,
    inputImageUrls: textArray(row.input_image_urls),
    model: row.model,
    generationType: row.generation_type,
    aspectRatio: row.aspect_ratio,
    scaleRatio: row.scale_ratio,
    faceEnhancement: row.face_enhancement,
    outputFormat: row.output_format,
    imageSize: row.image_size,
    seeds: row.seeds,
    enableFallback: row.enable_fallback,
    status: row.status,
    resultUrls: textArray(row.result_urls),
    thumbnailUrl: row.thumbnail_url,
    hdImageUrl: row.hd_image_url,
    errorMessage: row.error_message,
    creditsUsed: row.credits_used,
    createdVia: row.created_via,
    refunded: row.refunded,
    refundedAt: row.refunded_at ? new Date(row.refunded_at) : null,
    createdAt: new Date(row.created_at),
    completedAt: row.completed_at ? new Date(row.completed_at) : null,
    revision: Number(row.revision),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
