// Image Recovery's list: the newest failed tasks with their owner and refund state, so an admin can refund one
// without looking its id up elsewhere.
import { type FailedTask, type FailedTaskList, GENERATION_TYPES } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { isoTime } from '../../../db/iso-time.ts';

interface Row {
  id: string;
  task_id: string;
  user_id: string;
  username: string;
  generation_type: string;
  error_message: string | null;
  credits_used: number;
  refunded: boolean;
  refunded_at: Date | string | null;
  created_at: Date | string;
}

const TYPES = new Set<string>(GENERATION_TYPES);

function present(row: Row): FailedTask {
  return {
    id: row.id,
    taskId: row.task_id,
    userId: row.user_id,
    username: row.username,
    generationType: (TYPES.has(row.generation_type) ? row.generation_type : 'text_to_image') as FailedTask['generationType'],
    errorMessage: row.error_message,
    creditsUsed: row.credits_used,
    refunded: row.refunded,
    refundedAt: row.refunded_at ? isoTime(row.refunded_at) : null,
    createdAt: isoTime(row.created_at),
  };
}

/** The newest `limit` failed tasks (ties by id), and how many failed tasks there are in all. */
export async function listFailedTasks(em: SqlEntityManager, query: { limit: number }): Promise<FailedTaskList> {
  const rows = await em.execute<Row[]>(
    `select t."id", t."task_id", t."user_id", u."username", t."generation_type", t."error_message", t."credits_used",
            t."refunded", t."refunded_at", t."created_at"
       from "image_tasks" t join "users" u on u."id" = t."user_id"
      where t."status" = 'failed'
      order by t."created_at" desc, t."id" desc limit ?`,
    [query.limit],
  );
  const [counted] = await em.execute<{ total: number }[]>(`select count(*)::int as "total" from "image_tasks" where "status" = 'failed'`);
  return { data: rows.map(present), total: counted?.total ?? 0 };
}
