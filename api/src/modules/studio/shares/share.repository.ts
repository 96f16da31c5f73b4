// Named reads and writes over public links. The owner's calls are scoped to their own tasks and boards (404 for any
// other id); the public page finds a share by its token alone and reads only what that share shows.
import { randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { notFound } from '../../../errors.ts';
import { boardNotFound } from '../boards/problems.ts';
import { taskNotCompleted } from '../problems.ts';

/** 144 random bits, base64url: 24 characters nobody can guess. */
const newToken = () => randomBytes(18).toString('base64url');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{24}$/;

/** A share as its owner sees it, before the link is built. */
export interface OwnShare {
  token: string;
  showPrompt: boolean;
  createdAt: Date;
}

/** What a token opens: one image or one board. */
export type SharedThing =
  | { kind: 'image'; taskRowId: string; showPrompt: boolean }
  | { kind: 'board'; boardId: string; showPrompt: boolean };

/** A completed image as the public page may show it (the prompt only when the share shows prompts). */
export interface SharedImage {
  /** The row id: used on the server only, never written into the page. */
  rowId: string;
  prompt: string | null;
  resultUrl: string;
  aspectRatio: string;
  completedAt: Date;
}

/** The most images one board's public page shows. */
export const SHARED_BOARD_MAX = 200;

const taskNotFound = () => notFound('No task of yours has this id.');

const SHARE_COLUMNS = `"token", "show_prompt" as "showPrompt", "created_at" as "createdAt"`;

interface ShareRow {
  token: string;
  showPrompt: boolean;
  createdAt: Date | string;
}

/** A share after a change, and what it showed before (null: it is new), for the audit entry. */
export interface ChangedShare {
  share: OwnShare;
  before: { showPrompt: boolean } | null;
}

/** The share's prompt choice before this transaction's upsert; locked, so two changes at once are told apart. */
const PREVIOUS = (column: 'task_id' | 'board_id') => `select "show_prompt" as "showPrompt" from "shares" where "${column}" = ? for update`;

const present = (row: ShareRow): OwnShare => ({ token: row.token, showPrompt: row.showPrompt, createdAt: new Date(row.createdAt) });

interface ImageRow {
  id: string;
  prompt: string;
  result_urls: string[];
  aspect_ratio: string;
  completed_at: Date | string | null;
  created_at: Date | string;
}

const sharedImage = (row: ImageRow, showPrompt: boolean): SharedImage | null => {
  const resultUrl = row.result_urls[0];
  if (!resultUrl) return null;
  return {
    rowId: row.id,
    prompt: showPrompt ? row.prompt : null,
    resultUrl,
    aspectRatio: row.aspect_ratio,
    completedAt: new Date(row.completed_at ?? row.created_at),
  };
};

const IMAGE_COLUMNS = `t."id", t."prompt", t."result_urls", t."aspect_ratio", t."completed_at", t."created_at"`;

export class ShareRepository {
  readonly #em: SqlEntityManager;

  constructor(em: SqlEntityManager) {
    this.#em = em;
  }

  /** The row id and status of the user's task (public id), or 404. */
  async #ownTask(userId: string, taskId: string): Promise<{ id: string; status: string }> {
    const [task] = await this.#em.execute<{ id: string; status: string }[]>(
      `select "id", "status" from "image_tasks" where "user_id" = ? and "task_id" = ?`,
      [userId, taskId],
    );
    if (!task) throw taskNotFound();
    return task;
  }

  async #ownBoard(userId: string, boardId: string): Promise<void> {
    const rows = await this.#em.execute(`select 1 from "boards" where "user_id" = ? and "id" = ?`, [userId, boardId]);
    if (!rows.length) throw boardNotFound();
  }

  /**
   * Shares the user's completed task, or sets `showPrompt` of its share (the token stays): 404 for a task that is not
   * theirs, 409 while it has no image. `is_public` says whether the task has a link.
   */
  async shareTask(userId: string, taskId: string, showPrompt: boolean): Promise<ChangedShare> {
    const task = await this.#ownTask(userId, taskId);
    if (task.status !== 'completed') throw taskNotCompleted('Only a completed image can be shared.');
    const [before] = await this.#em.execute<{ showPrompt: boolean }[]>(PREVIOUS('task_id'), [task.id]);
    const [row] = await this.#em.execute<ShareRow[]>(
      `insert into "shares" ("id", "user_id", "task_id", "token", "show_prompt", "created_at") values (?, ?, ?, ?, ?, now())
        on conflict ("task_id") do update set "show_prompt" = excluded."show_prompt" returning ${SHARE_COLUMNS}`,
      [crypto.randomUUID(), userId, task.id, newToken(), showPrompt],
    );
    await this.#em.execute(
      `update "image_tasks" set "is_public" = true, "revision" = "revision" + 1, "updated_at" = now() where "id" = ? and not "is_public"`,
      [task.id],
    );
    return { share: present(row as ShareRow), before: before ?? null };
  }

  /** The task's share, null when it has none; 404 for a task that is not the user's. */
  async taskShare(userId: string, taskId: string): Promise<OwnShare | null> {
    const task = await this.#ownTask(userId, taskId);
    const [row] = await this.#em.execute<ShareRow[]>(`select ${SHARE_COLUMNS} from "shares" where "task_id" = ?`, [task.id]);
    return row ? present(row) : null;
  }

  /**
   * Deletes the task's share (its link dies at once); none is no error. 404 for a task that is not the user's. True
   * when there was one.
   */
  async unshareTask(userId: string, taskId: string): Promise<boolean> {
    const task = await this.#ownTask(userId, taskId);
    const deleted = await this.#em.execute(`delete from "shares" where "task_id" = ? returning 1`, [task.id]);
    await this.#em.execute(
      `update "image_tasks" set "is_public" = false, "revision" = "revision" + 1, "updated_at" = now() where "id" = ? and "is_public"`,
      [task.id],
    );
    return deleted.length > 0;
  }

  /** Shares the user's board, or sets `showPrompt` of its share; 404 for a board that is not theirs. */
  async shareBoard(userId: string, boardId: string, showPrompt: boolean): Promise<ChangedShare> {
    await this.#ownBoard(userId, boardId);
    const [before] = await this.#em.execute<{ showPrompt: boolean }[]>(PREVIOUS('board_id'), [boardId]);
    const [row] = await this.#em.execute<ShareRow[]>(
      `insert into "shares" ("id", "user_id", "board_id", "token", "show_prompt", "created_at") values (?, ?, ?, ?, ?, now())
        on conflict ("board_id") do update set "show_prompt" = excluded."show_prompt" returning ${SHARE_COLUMNS}`,
      [crypto.randomUUID(), userId, boardId, newToken(), showPrompt],
    );
    return { share: present(row as ShareRow), before: before ?? null };
  }

  async boardShare(userId: string, boardId: string): Promise<OwnShare | null> {
    await this.#ownBoard(userId, boardId);
    const [row] = await this.#em.execute<ShareRow[]>(`select ${SHARE_COLUMNS} from "shares" where "board_id" = ?`, [boardId]);
    return row ? present(row) : null;
  }

  /** Deletes the board's share; true when there was one. */
  async unshareBoard(userId: string, boardId: string): Promise<boolean> {
    await this.#ownBoard(userId, boardId);
    const deleted = await this.#em.execute(`delete from "shares" where "board_id" = ? returning 1`, [boardId]);
    return deleted.length > 0;
  }

  /** What a token opens; null for any token that is not a live share's (never made, or revoked: the same). */
  async byToken(token: string): Promise<SharedThing | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const [row] = await this.#em.execute<{ task_id: string | null; board_id: string | null; show_prompt: boolean }[]>(
      `select "task_id", "board_id", "show_prompt" from "shares" where "token" = ?`,
      [token],
    );
    if (row?.task_id) return { kind: 'image', taskRowId: row.task_id, showPrompt: row.show_prompt };
    if (row?.board_id) return { kind: 'board', boardId: row.board_id, showPrompt: row.show_prompt };
    return null;
  }

  /** The shared image, if it still has one. */
  async image(thing: Extract<SharedThing, { kind: 'image' }>): Promise<SharedImage | null> {
    const [row] = await this.#em.execute<ImageRow[]>(
      `select ${IMAGE_COLUMNS} from "image_tasks" t where t."id" = ? and t."status" = 'completed'`,
      [thing.taskRowId],
    );
    return row ? sharedImage(row, thing.showPrompt) : null;
  }

  /** The shared board's name and its completed images, newest first, at most `SHARED_BOARD_MAX`. */
  async board(thing: Extract<SharedThing, { kind: 'board' }>): Promise<{ name: string; images: SharedImage[] } | null> {
    const [board] = await this.#em.execute<{ name: string }[]>(`select "name" from "boards" where "id" = ?`, [thing.boardId]);
    if (!board) return null;
    const rows = await this.#em.execute<ImageRow[]>(
      `select ${IMAGE_COLUMNS} from "board_images" i join "image_tasks" t on t."id" = i."task_id"
        where i."board_id" = ? and t."status" = 'completed' and cardinality(t."result_urls") > 0
        order by t."created_at" desc, t."id" desc limit ${SHARED_BOARD_MAX}`,
      [thing.boardId],
    );
    return { name: board.name, images: rows.flatMap((row) => sharedImage(row, thing.showPrompt) ?? []) };
  }
}
