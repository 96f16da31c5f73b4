import { Migration } from '@mikro-orm/migrations';

export class Migration20261128163308_task_batches extends Migration {
  override name = 'Migration20261128163308_task_batches';

  override up(): void | Promise<void> {
    this.addSql(`alter table "image_tasks" add "batch_id" varchar(40) null;`);
    this.addSql(`create index "image_tasks_batch_id_index" on "image_tasks" ("batch_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "image_tasks_batch_id_index";`);
    this.addSql(`alter table "image_tasks" drop column "batch_id";`);
  }
}
