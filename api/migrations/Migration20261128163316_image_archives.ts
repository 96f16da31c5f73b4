import { Migration } from '@mikro-orm/migrations';

export class Migration20261128163316_image_archives extends Migration {
  override name = 'Migration20261128163316_image_archives';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "image_archives" ("id" varchar(40) not null, "user_id" uuid not null, "task_ids" text[] not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "image_archives_user_id_index" on "image_archives" ("user_id");`);
    this.addSql(`create index "image_archives_expires_at_index" on "image_archives" ("expires_at");`);

    this.addSql(
      `alter table "image_archives" add constraint "image_archives_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "image_archives" cascade;`);
  }
}
