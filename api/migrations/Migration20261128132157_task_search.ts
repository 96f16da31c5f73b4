import { Migration } from '@mikro-orm/migrations';

// Search in the task list: trigrams on the prompt (pg_trgm; PGlite loads the extension in db/orm.ts) and the list's
// order with its tie-breaker, so a cursor page is one index range.
export class Migration20261128132157_task_search extends Migration {
  override name = 'Migration20261128132157_task_search';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "image_tasks_prompt_trgm_idx" on "image_tasks" using gin ("prompt" gin_trgm_ops);`);
    this.addSql(`create index "image_tasks_user_created_id_idx" on "image_tasks" ("user_id", "created_at", "id");`);
    this.addSql(`drop index "image_tasks_user_created_idx";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "image_tasks_user_created_idx" on "image_tasks" ("user_id", "created_at");`);
    this.addSql(`drop index "image_tasks_user_created_id_idx";`);
    this.addSql(`drop index "image_tasks_prompt_trgm_idx";`);
  }
}
