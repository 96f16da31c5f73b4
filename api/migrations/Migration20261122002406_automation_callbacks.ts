import { Migration } from '@mikro-orm/migrations';

export class Migration20261122002406_automation_callbacks extends Migration {
  override name = 'Migration20261122002406_automation_callbacks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "webhook_deliveries" ("id" uuid not null, "task_id" uuid not null, "api_token_id" uuid not null, "url" varchar(2048) not null, "state" text not null default 'waiting', "attempt" int not null default 0, "status_code" int null, "error" text null, "next_attempt_at" timestamptz not null, "lease_until" timestamptz null, "created_at" timestamptz not null, "delivered_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "webhook_deliveries_task_id_index" on "webhook_deliveries" ("task_id");`);
    this.addSql(`create index "webhook_deliveries_next_attempt_at_index" on "webhook_deliveries" ("next_attempt_at");`);

    this.addSql(`alter table "api_tokens" add "signing_secret" text null;`);

    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_task_id_foreign" foreign key ("task_id") references "image_tasks" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_api_token_id_foreign" foreign key ("api_token_id") references "api_tokens" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_state_check" check ("state" in ('waiting', 'delivered', 'failed'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);

    this.addSql(`alter table "api_tokens" drop column "signing_secret";`);
  }
}
