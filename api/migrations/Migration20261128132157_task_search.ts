import { Migration } from '@mikro-orm/migrations';

// Search in the task list: full-text on the prompt ('simple': no stemming, so any language, Vietnamese included; no
// extension, so PGlite too) and the list's order with its tie-breaker, so a cursor page is one index range.
export class Migration20261128132157_task_search extends Migration {
  override name = 'Migration20261128132157_task_search';

  override up(): void | Promise<void> {
    this.addSql(`create index "image_tasks_prompt_fts_idx" on "image_tasks" using gin (to_tsvector('simple', "prompt"));`);
    this.addSql(`create index "image_tasks_user_created_id_idx" on "image_tasks" ("user_id", "created_at", "id");`);
    this.addSql(`drop index "image_tasks_user_created_idx";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "image_tasks_user_created_idx" on "image_tasks" ("user_id", "created_at");`);
    this.addSql(`drop index "image_tasks_user_created_id_idx";`);
    this.addSql(`drop index "image_tasks_prompt_fts_idx";`);
  }
}
