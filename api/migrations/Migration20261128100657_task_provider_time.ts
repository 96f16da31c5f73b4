import { Migration } from '@mikro-orm/migrations';

export class Migration20261128100657_task_provider_time extends Migration {
  override name = 'Migration20261128100657_task_provider_time';

  override up(): void | Promise<void> {
    this.addSql(`alter table "image_tasks" add "provider_ms" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "image_tasks" drop column "provider_ms";`);
  }
}
