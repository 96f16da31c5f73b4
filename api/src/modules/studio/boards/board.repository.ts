// Named reads and writes over boards, always scoped to their owner. Adding or removing images bumps those tasks'
// `revision` (as starring does): that moves the task list's ETag and cache, so a board's page shows the change.
import type { Board as BoardDto, FieldError } from '@app/contract';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { boardNameTaken, boardNotFound, tasksNotFound } from './problems.ts';

/** SQL fragment: a visible change of a task (see image-task.repository.ts). */
const TOUCH = `"revision" = "revision" + 1, "updated_at" = now()`;
/** A JSON array parameter as rows of text (MikroORM does not bind arrays). */
const TEXT_ROWS = `select jsonb_array_elements_text(?::jsonb)`;

/** A board as presented, with its image count and cover (the thumbnail of the image added last that has one). */
const BOARD_SELECT = `select b."id", b."name", b."created_at" as "createdAt", b."updated_at" as "updatedAt",
    (select count(*) from "board_images" i where i."board_id" = b."id") as "imageCount",
    (select t."thumbnail_url" from "board_images" i join "image_tasks" t on t."id" = i."task_id"
      where i."board_id" = b."id" and t."thumbnail_url" is not null
      order by i."added_at" desc, t."created_at" desc limit 1) as "coverUrl"
  from "boards" b`;

interface BoardRow {
  id: string;
  name: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  imageCount: number | string;
  coverUrl: string | null;
}

const present = (row: BoardRow): BoardDto => ({
  id: row.id,
  name: row.name,
  imageCount: Number(row.imageCount),
  coverUrl: row.coverUrl,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** Whether a database error is the one-name-per-user rule. */
const isNameTaken = (error: unknown) => error instanceof UniqueConstraintViolationException;

export class BoardRepository {
  readonly #em: SqlEntityManager;

  constructor(em: SqlEntityManager) {
    this.#em = em;
  }

  /** The user's boards by name. */
  async list(userId: string): Promise<BoardDto[]> {
    const rows = await this.#em.execute<BoardRow[]>(`${BOARD_SELECT} where b."user_id" = ? order by b."name_key", b."id"`, [userId]);
    return rows.map(present);
  }

  /** One of the user's boards; 404 for any other id. */
  async get(userId: string, boardId: string): Promise<BoardDto> {
    const [row] = await this.#em.execute<BoardRow[]>(`${BOARD_SELECT} where b."user_id" = ? and b."id" = ?`, [userId, boardId]);
    if (!row) throw boardNotFound();
    return present(row);
  }

  /** Whether the board is the user's. */
  async owns(userId: string, boardId: string): Promise<boolean> {
    const rows = await this.#em.execute(`select 1 from "boards" where "user_id" = ? and "id" = ?`, [userId, boardId]);
    return rows.length > 0;
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.#em.execute<{ count: number | string }[]>(`select count(*) as "count" from "boards" where "user_id" = ?`, [
      userId,
    ]);
    return Number(row?.count ?? 0);
  }

  /** A new empty board; 409 when the user has one of this name (ignoring case). */
  async create(userId: string, name: string): Promise<BoardDto> {
    const id = crypto.randomUUID();
    const inserted = await this.#em.execute(
      `insert into "boards" ("id", "user_id", "name", "created_at", "updated_at") values (?, ?, ?, now(), now())
        on conflict ("user_id", "name_key") do nothing returning "id"`,
      [id, userId, name],
    );
    if (!inserted.length) throw boardNameTaken();
    return this.get(userId, id);
  }

  /** Renames one of the user's boards; 404 for any other id, 409 when another of theirs has the name. */
  async rename(userId: string, boardId: string, name: string): Promise<BoardDto> {
    try {
      const rows = await this.#em.execute(
        `update "boards" set "name" = ?, "updated_at" = now() where "user_id" = ? and "id" = ? returning "id"`,
        [name, userId, boardId],
      );
      if (!rows.length) throw boardNotFound();
    } catch (error) {
      if (isNameTaken(error)) throw boardNameTaken();
      throw error;
    }
    return this.get(userId, boardId);
  }

  /** Deletes one of the user's boards and its memberships; the tasks stay. 404 for any other id. */
  async delete(userId: string, boardId: string): Promise<void> {
    const rows = await this.#em.execute(`delete from "boards" where "user_id" = ? and "id" = ? returning "id"`, [userId, boardId]);
    if (!rows.length) throw boardNotFound();
  }

  /**
   * Puts the user's tasks (public ids) on or off their board, all or nothing: 404 for a board or any task id that is
   * not theirs (with a pointer to each). Already on (or off) is no change. Call in a transaction.
   */
  async setMembership(userId: string, boardId: string, taskIds: readonly string[], on: boolean): Promise<BoardDto> {
    // The board's row is locked, so a concurrent delete cannot leave memberships of a board that is gone.
    const board = await this.#em.execute(`select 1 from "boards" where "user_id" = ? and "id" = ? for update`, [userId, boardId]);
    if (!board.length) throw boardNotFound();
    const wanted = [...new Set(taskIds)];
    const found = await this.#em.execute<{ id: string; task_id: string }[]>(
      `select "id", "task_id" from "image_tasks" where "user_id" = ? and "task_id" in (${TEXT_ROWS})`,
      [userId, JSON.stringify(wanted)],
    );
    const known = new Set(found.map((row) => row.task_id));
    const missing: FieldError[] = taskIds.flatMap((taskId, index) =>
      known.has(taskId) ? [] : [{ pointer: `/body/taskIds/${index}`, detail: 'No task of yours has this id.' }],
    );
    if (missing.length) throw tasksNotFound(missing);
    const ids = JSON.stringify(found.map((row) => row.id));
    const changed = on
      ? await this.#em.execute<{ task_id: string }[]>(
          `insert into "board_images" ("board_id", "task_id", "added_at")
           select ?, "id"::uuid, now() from (${TEXT_ROWS}) as "ids"("id")
           on conflict do nothing returning "task_id"`,
          [boardId, ids],
        )
      : await this.#em.execute<{ task_id: string }[]>(
          `delete from "board_images" where "board_id" = ? and "task_id" in (select "id"::uuid from (${TEXT_ROWS}) as "ids"("id"))
           returning "task_id"`,
          [boardId, ids],
        );
    if (changed.length) {
      await this.#em.execute(`update "image_tasks" set ${TOUCH} where "id" in (select "id"::uuid from (${TEXT_ROWS}) as "ids"("id"))`, [
        JSON.stringify(changed.map((row) => row.task_id)),
      ]);
      await this.#em.execute(`update "boards" set "updated_at" = now() where "id" = ?`, [boardId]);
    }
    return this.get(userId, boardId);
  }

  /** The ids of the user's boards holding their task (public id), by board name; null when the task is not theirs. */
  async boardsOfTask(userId: string, taskId: string): Promise<string[] | null> {
    const [task] = await this.#em.execute<{ id: string }[]>(`select "id" from "image_tasks" where "user_id" = ? and "task_id" = ?`, [
      userId,
      taskId,
    ]);
    if (!task) return null;
    const rows = await this.#em.execute<{ id: string }[]>(
      `select b."id" from "board_images" i join "boards" b on b."id" = i."board_id"
        where i."task_id" = ? and b."user_id" = ? order by b."name_key", b."id"`,
      [task.id, userId],
    );
    return rows.map((row) => row.id);
  }
}
