import { Migration } from '@mikro-orm/migrations';

export class Migration20261128110851_task_favourites extends Migration {
  override name = 'Migration20261128110851_task_favourites';

  override up(): void | Promise<void> {
    this.addSql(`alter table "image_tasks" add "is_favourite" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "image_tasks" drop column "is_favourite";`);
  }
}
