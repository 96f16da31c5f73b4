// Reads for the admin user list: users (not deleted) with their image-task counts, filtered by username or email.
import { LIMITS } from '@app/contract/constants';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { User } from '../../users/index.ts';
import { notDeletedSql } from './deleted-user.ts';

export interface UserListQuery {
  /** Case-insensitive substring of the username or the email. */
  search?: string;
  /** Case-insensitive substring of the email. */
  email?: string;
  page: number;
  /** Omitted: every matching user, up to the newest `LIMITS.maxUnpagedUsers`. */
  limit?: number;
}

/** `ilike` pattern matching `text` anywhere, with its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Matching users newest first (one page when `limit` is given, else the newest allowed unpaged), their total and image counts. */
export async function listUsersWithImageCounts(
  em: SqlEntityManager,
  query: UserListQuery,
): Promise<{ users: User[]; total: number; imageCounts: Map<string, number> }> {
  const where: string[] = [notDeletedSql('u')];
  const params: unknown[] = [];
  if (query.search) {
    where.push(`(u."username" ilike ? or u."email" ilike ?)`);
    params.push(containsPattern(query.search), containsPattern(query.search));
  }
  if (query.email) {
    where.push(`u."email" ilike ?`);
    params.push(containsPattern(query.email));
  }
  const condition = where.join(' and ');
  const page = query.limit ? ` limit ${query.limit} offset ${(query.page - 1) * query.limit}` : ` limit ${LIMITS.maxUnpagedUsers}`;
  const rows = await em.execute<{ id: string; image_count: number }[]>(
    `select u."id", (select count(*)::int from "image_tasks" t where t."user_id" = u."id") as "image_count"
       from "users" u where ${condition} order by u."created_at" desc, u."id" desc${page}`,
    params,
  );
  const [counted] = await em.execute<{ total: number }[]>(`select count(*)::int as "total" from "users" u where ${condition}`, params);
  const found = await em.find(User, { id: { $in: rows.map((row) => row.id) } });
  const byId = new Map(found.map((user) => [user.id, user]));
  return {
    users: rows.flatMap((row) => byId.get(row.id) ?? []),
    total: counted?.total ?? 0,
    imageCounts: new Map(rows.map((row) => [row.id, row.image_count])),
  };
}

/** How many image tasks one user created, in any status. */
export async function countUserImages(em: SqlEntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ count: number }[]>('select count(*)::int as "count" from "image_tasks" where "user_id" = ?', [userId]);
  return row?.count ?? 0;
}
