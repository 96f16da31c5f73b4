import { Migration } from '@mikro-orm/migrations';

export class Migration20261128163252_boards extends Migration {
  override name = 'Migration20261128163252_boards';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "boards" ("id" uuid not null, "user_id" uuid not null, "name" varchar(60) not null, "name_key" varchar(60) generated always as (lower("name")) stored null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "boards" add constraint "boards_user_name_key_unique" unique ("user_id", "name_key");`);

    this.addSql(
      `create table "board_images" ("board_id" uuid not null, "task_id" uuid not null, "added_at" timestamptz not null, primary key ("board_id", "task_id"));`,
    );
    this.addSql(`create index "board_images_task_id_index" on "board_images" ("task_id");`);

    this.addSql(
      `alter table "boards" add constraint "boards_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "board_images" add constraint "board_images_board_id_foreign" foreign key ("board_id") references "boards" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "board_images" add constraint "board_images_task_id_foreign" foreign key ("task_id") references "image_tasks" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "board_images" drop constraint "board_images_board_id_foreign";`);

    this.addSql(`drop table if exists "boards" cascade;`);
    this.addSql(`drop table if exists "board_images" cascade;`);
  }
}
