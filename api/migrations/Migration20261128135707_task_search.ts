import { Migration } from '@mikro-orm/migrations';

// Search in the task list: the prompt's words as a stored tsvector ('simple': no stemming, so any language, Vietnamese
// included; no extension, so PGlite too) under a GIN index, and the list's order with its tie-breaker, so a cursor page
// is one index range. Stored, not an expression index: checking a row then reads the words instead of parsing the prompt.
export class Migration20261128135707_task_search extends Migration {
  override name = 'Migration20261128135707_task_search';

  override up(): void | Promise<void> {
    this.addSql(`alter table "image_tasks" add "prompt_words" tsvector generated always as (to_tsvector('simple', "prompt")) stored null;`);
    this.addSql(`create index "image_tasks_prompt_words_idx" on "image_tasks" using gin ("prompt_words");`);
    this.addSql(`create index "image_tasks_user_created_id_idx" on "image_tasks" ("user_id", "created_at", "id");`);
    this.addSql(`drop index "image_tasks_user_created_idx";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "image_tasks_user_created_idx" on "image_tasks" ("user_id", "created_at");`);
    this.addSql(`drop index "image_tasks_user_created_id_idx";`);
    this.addSql(`drop index "image_tasks_prompt_words_idx";`);
    this.addSql(`alter table "image_tasks" drop column "prompt_words";`);
  }
}
