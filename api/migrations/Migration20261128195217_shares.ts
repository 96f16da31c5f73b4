import { Migration } from '@mikro-orm/migrations';

export class Migration20261128195217_shares extends Migration {
  override name = 'Migration20261128195217_shares';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "shares" ("id" uuid not null, "user_id" uuid not null, "task_id" uuid null, "board_id" uuid null, "token" varchar(32) not null, "show_prompt" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "shares_user_id_index" on "shares" ("user_id");`);
    this.addSql(`alter table "shares" add constraint "shares_token_unique" unique ("token");`);
    this.addSql(`alter table "shares" add constraint "shares_task_unique" unique ("task_id");`);
    this.addSql(`alter table "shares" add constraint "shares_board_unique" unique ("board_id");`);

    this.addSql(
      `alter table "shares" add constraint "shares_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "shares" add constraint "shares_task_id_foreign" foreign key ("task_id") references "image_tasks" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "shares" add constraint "shares_board_id_foreign" foreign key ("board_id") references "boards" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "shares" cascade;`);
  }
}
