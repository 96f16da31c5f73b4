import { Migration } from '@mikro-orm/migrations';

export class Migration20261125053828_uploads extends Migration {
  override name = 'Migration20261125053828_uploads';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "uploads" ("key" varchar(300) not null, "user_id" uuid not null, "bytes" int not null, "thumbnail_key" varchar(300) not null, "created_at" timestamptz not null, "used_at" timestamptz null, primary key ("key"));`,
    );
    this.addSql(`create index "uploads_user_id_index" on "uploads" ("user_id");`);
    this.addSql(`create index "uploads_created_at_index" on "uploads" ("created_at");`);

    this.addSql(
      `alter table "uploads" add constraint "uploads_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "uploads" cascade;`);
  }
}
