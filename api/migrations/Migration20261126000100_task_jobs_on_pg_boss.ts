import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000100_task_jobs_on_pg_boss extends Migration {
  override name = 'Migration20261126000100_task_jobs_on_pg_boss';

  override up(): void | Promise<void> {
    this.addSql(`drop index "image_tasks_due_idx";`);
    this.addSql(`alter table "image_tasks" drop column "lease_owner", drop column "lease_until", drop column "next_check_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "image_tasks" add "lease_owner" varchar(100) null, add "lease_until" timestamptz(6) null, add "next_check_at" timestamptz(6) null;`,
    );
    this.addSql(`create index "image_tasks_due_idx" on "image_tasks" ("status", "next_check_at");`);
  }
}
